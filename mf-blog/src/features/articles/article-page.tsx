import { PageHeader } from '@steel/shared';

/** `/blog/{slug}`: the article body arrives from the CMS with the blog issue. */
export function ArticlePage() {
  return (
    <section>
      <PageHeader title="مقاله" breadcrumb={[{ label: 'مقالات', to: '/blog' }, { label: 'مقاله' }]} />
    </section>
  );
}
