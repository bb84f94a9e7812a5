import { useSuspenseQuery } from '@tanstack/react-query';
import { PageHeader, attributeLabelsFa, useShell, type Category, type CategoryGroup, type Subcategory } from '@steel/shared';
import { subcategoryPath, trailTo } from './breadcrumbs';
import { subcategoryProductsQuery } from '../products/api/product-queries';
import { ProductTable } from '../products/components/product-table';

/** A sub-category: its Persian title, description and its products from the CMS. */
export function SubcategoryPage({ category, group, subcategory }: { category: Category; group: CategoryGroup | null; subcategory: Subcategory }) {
  const { api } = useShell();
  const path = subcategoryPath({ category, group, subcategory });
  const { data } = useSuspenseQuery(subcategoryProductsQuery(api, path));
  return (
    <section>
      <PageHeader title={subcategory.titleFa} breadcrumb={[...trailTo(category, group), { label: subcategory.titleFa }]}>
        <p className="text-slate-600 dark:text-slate-300">{subcategory.descriptionFa}</p>
      </PageHeader>
      <h2 className="mb-2 font-semibold">مشخصات فهرست محصولات</h2>
      <ul aria-label="مشخصات محصولات" className="mb-6 flex flex-wrap gap-2">
        {subcategory.attributes.map((attribute) => (
          <li key={attribute} className="rounded-full bg-hfcolor-light px-3 py-1 text-sm text-hfcolor dark:bg-slate-800 dark:text-slate-200">
            {attributeLabelsFa[attribute] ?? attribute}
          </li>
        ))}
      </ul>
      <ProductTable products={data.products} total={data.total} basePath={path} attributes={subcategory.attributes} />
    </section>
  );
}
