import { Link, formatNumber } from '@steel/shared';
import { articleListHref } from '../api/article-queries';

const chip =
  'inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm aria-[current=page]:border-primary-600 aria-[current=page]:bg-primary-600 aria-[current=page]:text-white dark:border-slate-600';

/** The tag filter: links, so the tag is in the URL and back/forward restore it. */
export function TagFilter({ tags, current }: { tags: string[]; current: string | null }) {
  return (
    <nav aria-label="فیلتر برچسب" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={articleListHref({})} aria-current={current ? undefined : 'page'} className={chip}>
            همه مقالات
          </Link>
        </li>
        {tags.map((tag) => (
          <li key={tag}>
            <Link to={articleListHref({ tag })} aria-current={tag === current ? 'page' : undefined} className={chip}>
              {tag}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const pageLink =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 px-3 aria-[current=page]:bg-primary-600 aria-[current=page]:text-white dark:border-slate-600';

/** Numbered pages with «قبلی»/«بعدی» links marked rel="prev"/"next"; the tag stays in every link. */
export function Pagination({ page, pageCount, tag }: { page: number; pageCount: number; tag: string | null }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="صفحه‌بندی" className="mt-8 flex flex-wrap items-center gap-2">
      {page > 1 && (
        <Link to={articleListHref({ page: page - 1, tag })} rel="prev" className={pageLink}>
          قبلی
        </Link>
      )}
      {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
        <Link key={number} to={articleListHref({ page: number, tag })} aria-current={number === page ? 'page' : undefined} aria-label={`صفحه ${formatNumber(number)}`} className={pageLink}>
          {formatNumber(number)}
        </Link>
      ))}
      {page < pageCount && (
        <Link to={articleListHref({ page: page + 1, tag })} rel="next" className={pageLink}>
          بعدی
        </Link>
      )}
    </nav>
  );
}
