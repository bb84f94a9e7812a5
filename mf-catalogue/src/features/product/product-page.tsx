import { PageHeader, type CatalogueLocation } from '@steel/shared';
import { trailTo } from '../category/breadcrumbs';

type ProductLocation = Extract<CatalogueLocation, { kind: 'product' }>;

/**
 * A product's canonical page. Products live in the CMS; until the products issue lands this page
 * shows its heading and breadcrumb only (no invented content).
 */
export function ProductPage({ location }: { location: ProductLocation }) {
  const { category, group, subcategory } = location;
  const subcategoryPath = group ? `/${category.slug}/${group.slug}/${subcategory.slug}` : `/${category.slug}/${subcategory.slug}`;
  return (
    <section>
      <PageHeader title="مشخصات محصول" breadcrumb={[...trailTo(category, group), { label: subcategory.titleFa, to: subcategoryPath }, { label: 'محصول' }]} />
    </section>
  );
}
