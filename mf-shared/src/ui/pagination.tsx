import { formatNumber } from '../format/format';
import { Link } from './link';

/** Page numbers to show: the first, the last, and two either side of the current one; gaps as null. */
export function pageWindow(page: number, pageCount: number): Array<number | null> {
  const pages: Array<number | null> = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/**
 * Numbered pages as real links (`hrefOf(n)`), so every page of a list is reachable without
 * script, by crawlers, and restored by back and forward. `rel="prev"`/`rel="next"` mark the
 * neighbours. Nothing is rendered for a single page.
 */
export function Pagination({
  page,
  pageCount,
  hrefOf,
  label = 'صفحه‌ها',
}: {
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  const idle =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 px-3 text-sm hover:border-primary-500 aria-[current=page]:border-primary-700 aria-[current=page]:bg-primary-700 aria-[current=page]:font-semibold aria-[current=page]:text-white dark:border-slate-600';
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link to={hrefOf(page - 1)} rel="prev" className={idle}>
              قبلی
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefOf(n)}
                className={idle}
                aria-label={`صفحه ${formatNumber(n)}`}
                aria-current={n === page ? 'page' : undefined}
              >
                {formatNumber(n)}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={hrefOf(page + 1)} rel="next" className={idle}>
              بعدی
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
