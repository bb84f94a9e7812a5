import { Link, formatNumber, formatPersianDate } from '@steel/shared';
import { articleListHref, type ArticleSummary } from '../api/article-queries';

/** «author · Jalali date · N دقیقه مطالعه», the same on a card and on the article. */
export function ArticleByline({ article, withAuthor = false }: { article: ArticleSummary; withAuthor?: boolean }) {
  const parts = [
    withAuthor && article.author ? <span key="author">{article.author}</span> : null,
    article.publish_date ? (
      <time key="date" dateTime={article.publish_date}>
        {formatPersianDate(article.publish_date)}
      </time>
    ) : null,
    article.reading_minutes ? (
      <span key="reading">{`${formatNumber(article.reading_minutes)} دقیقه مطالعه`}</span>
    ) : null,
  ].filter(Boolean);
  return (
    <p className="flex flex-wrap gap-x-2 text-sm text-slate-600 dark:text-slate-400">
      {parts.flatMap((part, index) =>
        index === 0
          ? [part]
          : [
              <span key={`dot-${index}`} aria-hidden="true">
                ·
              </span>,
              part,
            ],
      )}
    </p>
  );
}

/** An article's tags, each a link to the list filtered by it. */
export function ArticleTags({ tags }: { tags: string[] | null }) {
  if (!tags?.length) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="برچسب‌ها">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={articleListHref({ tag })}
            className="inline-flex min-h-8 items-center rounded-full bg-slate-100 px-3 text-sm text-slate-700 hover:bg-primary-100 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"
          >
            {`#${tag}`}
          </Link>
        </li>
      ))}
    </ul>
  );
}
