import { PageHeader } from '@steel/shared';

/** `/product/{slug}`: the same product as its canonical page; filled from the CMS in the products issue. */
export function ProductBySlugPage() {
  return (
    <section>
      <PageHeader title="مشخصات محصول" breadcrumb={[{ label: 'محصولات', to: '/' }, { label: 'محصول' }]} />
    </section>
  );
}
