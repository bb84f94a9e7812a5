import { PageHeader, attributeLabelsFa, type Category, type CategoryGroup, type Subcategory } from '@steel/shared';
import { trailTo } from './breadcrumbs';

/**
 * A sub-category: its Persian title, description and the attributes its products are listed by.
 * The product list itself comes from the CMS in the products issue.
 */
export function SubcategoryPage({ category, group, subcategory }: { category: Category; group: CategoryGroup | null; subcategory: Subcategory }) {
  return (
    <section>
      <PageHeader title={subcategory.titleFa} breadcrumb={[...trailTo(category, group), { label: subcategory.titleFa }]}>
        <p className="text-slate-600 dark:text-slate-300">{subcategory.descriptionFa}</p>
      </PageHeader>
      <h2 className="mb-2 font-semibold">مشخصات فهرست محصولات</h2>
      <ul aria-label="مشخصات محصولات" className="flex flex-wrap gap-2">
        {subcategory.attributes.map((attribute) => (
          <li key={attribute} className="rounded-full bg-hfcolor-light px-3 py-1 text-sm text-hfcolor dark:bg-slate-800 dark:text-slate-200">
            {attributeLabelsFa[attribute] ?? attribute}
          </li>
        ))}
      </ul>
    </section>
  );
}
