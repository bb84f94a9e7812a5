import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, formatPersianDate, useShell } from '@steel/shared';
import { latestArticlesQuery } from '../api/home-queries';

/** The blog's newest articles, linking into the blog. */
export function LatestArticles() {
  const { api } = useShell();
  const { data: articles } = useSuspenseQuery(latestArticlesQuery(api));
  if (articles.length === 0) return <p className="text-slate-600 dark:text-slate-300">هنوز مقاله‌ای منتشر نشده است.</p>;
  return (
    <ul className="grid gap-3 md:grid-cols-3">
      {articles.map((article) => (
        <li
          key={article.slug}
          className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
          data-article={article.slug}
        >
          <Link
            to={`/blog/${article.slug}`}
            className="font-semibold text-primary-800 hover:underline dark:text-primary-300"
          >
            {article.title}
          </Link>
          {article.publish_date && (
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{formatPersianDate(article.publish_date)}</p>
          )}
          {article.excerpt && (
            <p className="mt-2 line-clamp-3 text-sm text-slate-600 dark:text-slate-300">{article.excerpt}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
