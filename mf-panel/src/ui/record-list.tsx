import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLocation } from '@steel/shared/router';
import { Link, Pagination, formatNumber, hrefWithPage, EmptyBlock, QueryState } from '@steel/shared';
import type { StrapiList } from '@steel/shared';

/**
 * One page of the customer's records (orders, tickets, purchase requests): progress, failure
 * with retry, «موردی برای نمایش وجود ندارد» when empty, else the list and numbered page links
 * that keep the page in the URL with the rest of the query (so back and forward restore it).
 * A page past the last names nothing, as on every list of the site: «not found» with a link to
 * the last page (the panel is rendered in the browser, so there is no 404 status to send).
 */
export function RecordList<T extends { documentId: string }>({
  query,
  label,
  page,
  children,
}: {
  query: UseQueryResult<StrapiList<T>>;
  /** The list's accessible name, e.g. «فهرست سفارش‌ها». */
  label: string;
  page: number;
  children: (record: T) => ReactNode;
}) {
  const location = useLocation();
  const hrefOf = (n: number) => hrefWithPage(location.pathname, new URLSearchParams(location.search), n);
  return (
    <QueryState query={query}>
      {(list) => {
        const pageCount = list.meta.pagination?.pageCount ?? 1;
        if (list.data.length === 0 && page > 1 && pageCount >= 1 && page > pageCount) {
          return (
            <div role="alert" className="flex flex-col items-start gap-3 py-6 text-slate-700 dark:text-slate-200">
              <p>
                صفحهٔ {formatNumber(page)} در این فهرست یافت نشد؛ این فهرست {formatNumber(pageCount)} صفحه دارد.
              </p>
              <Link to={hrefOf(pageCount)} className="text-primary-700 underline dark:text-primary-300">
                رفتن به صفحهٔ آخر
              </Link>
            </div>
          );
        }
        return list.data.length === 0 ? (
          <EmptyBlock />
        ) : (
          <>
            <ul aria-label={label} className="flex flex-col gap-3" aria-busy={query.isFetching}>
              {list.data.map(children)}
            </ul>
            <Pagination page={page} pageCount={pageCount} hrefOf={hrefOf} />
          </>
        );
      }}
    </QueryState>
  );
}
