import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, PageHeader, breadcrumbJsonLd, formatNumber, formatPersianDate, useShell, type PageDefinition, type PageUrl } from '@steel/shared';
import { articleListQuery, pageNumber } from './api/article-queries';

/** `/blog`: published articles, newest first, 12 a page (`?page=`). */
export const articleListPage: PageDefinition = {
  path: '/blog',
  data: (url, { api }) => [articleListQuery(api, pageNumber(url.search))],
  head: (url, read, { api }) => {
    const page = pageNumber(url.search);
    const { pageCount } = read(articleListQuery(api, page));
    if (page > pageCount && page > 1) return null;
    return {
      title: page > 1 ? `اخبار و مقالات، صفحه ${formatNumber(page)}` : 'اخبار و مقالات',
      description: 'اخبار بازار آهن، راهنمای خرید و مقالات تخصصی محصولات فولادی.',
      canonical: page > 1 ? `/blog?page=${page}` : '/blog',
      jsonLd: [breadcrumbJsonLd([{ label: 'مقالات' }], '/blog')],
    };
  },
  Page: ArticleListView,
};

function ArticleListView({ url }: { url: PageUrl }) {
  const { api } = useShell();
  const page = pageNumber(url.search);
  const { data } = useSuspenseQuery(articleListQuery(api, page));
  return (
    <section>
      <PageHeader title="اخبار و مقالات" breadcrumb={[{ label: 'مقالات' }]} />
      <ul className="flex flex-col gap-4" aria-label="مقالات">
        {data.articles.map((article) => (
          <li key={article.slug} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <h2 className="mb-1 text-lg font-semibold">
              <Link to={`/blog/${article.slug}`} className="text-primary-800 hover:underline dark:text-primary-300">
                {article.title}
              </Link>
            </h2>
            <p className="mb-2 text-sm text-slate-500 dark:text-slate-400">
              {formatPersianDate(article.publish_date)}
              {article.reading_minutes ? ` · ${formatNumber(article.reading_minutes)} دقیقه مطالعه` : ''}
            </p>
            {article.excerpt && <p className="text-slate-700 dark:text-slate-300">{article.excerpt}</p>}
          </li>
        ))}
      </ul>
      {data.pageCount > 1 && (
        <nav aria-label="صفحه‌بندی" className="mt-6 flex flex-wrap gap-2">
          {Array.from({ length: data.pageCount }, (_, index) => index + 1).map((number) => (
            <Link
              key={number}
              to={number === 1 ? '/blog' : `/blog?page=${number}`}
              aria-current={number === page ? 'page' : undefined}
              className="inline-flex size-11 items-center justify-center rounded-md border border-slate-300 aria-[current=page]:bg-primary-600 aria-[current=page]:text-white dark:border-slate-600"
            >
              {formatNumber(number)}
            </Link>
          ))}
        </nav>
      )}
    </section>
  );
}
