import type { PageUrl } from '@steel/shared';
import { CategoryPage } from '../features/category/category-page';
import { GroupPage } from '../features/category/group-page';
import { SubcategoryPage } from '../features/category/subcategory-page';
import { ProductFromTree } from '../features/product/product-views';
import { PriceTableView } from '../features/price-table/price-table-view';
import { priceTableAt } from '../features/price-table/price-table-location';
import { categorySlugOf, locate } from './catalogue-tree-location';

/** A category tree page: the category, a group, a sub-category's listing or a product, or a price table of one. */
export default function CatalogueTreeView({ url }: { url: PageUrl }) {
  const location = locate(categorySlugOf(url), url);
  const table = priceTableAt(location, url);
  if (table) return <PriceTableView {...table} />;
  switch (location?.kind) {
    case 'category':
      return <CategoryPage category={location.category} />;
    case 'group':
      return <GroupPage category={location.category} group={location.group} />;
    case 'subcategory':
      return (
        <SubcategoryPage
          category={location.category}
          group={location.group}
          subcategory={location.subcategory}
          url={url}
        />
      );
    case 'product':
      return <ProductFromTree location={location} />;
    default:
      return null;
  }
}
