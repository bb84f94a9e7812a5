import { PageHeader } from '@steel/shared';

/** `/blog`: the article list arrives from the CMS with the blog issue; heading and breadcrumb for now. */
export function ArticleListPage() {
  return (
    <section>
      <PageHeader title="اخبار و مقالات" breadcrumb={[{ label: 'مقالات' }]} />
    </section>
  );
}
