import { useParams } from 'react-router';
import { ReportNotFound, locateInCatalogue } from '@steel/shared';
import { CategoryPage } from './category-page';
import { GroupPage } from './group-page';
import { SubcategoryPage } from './subcategory-page';
import { ProductPage } from '../product/product-page';

/** `/{category}[/{group}]/{subcategory}[/{product}]`: resolved against the category tree. */
export function CatalogueTreePage({ categorySlug }: { categorySlug: string }) {
  const params = useParams();
  const rest = (params['*'] ?? '').split('/').filter(Boolean);
  const location = locateInCatalogue([categorySlug, ...rest]);

  if (!location) return <ReportNotFound />;
  switch (location.kind) {
    case 'category':
      return <CategoryPage category={location.category} />;
    case 'group':
      return <GroupPage category={location.category} group={location.group} />;
    case 'subcategory':
      return <SubcategoryPage category={location.category} group={location.group} subcategory={location.subcategory} />;
    case 'product':
      return <ProductPage location={location} />;
  }
}
