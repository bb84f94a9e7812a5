import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { Pagination, hrefWithPage } from '@steel/shared';
import type { StrapiList } from '@steel/shared';
import { EmptyBlock, QueryState } from './query-state';

/**
 * One page of the customer's records (orders, tickets, purchase requests): progress, failure
 * with retry, «موردی برای نمایش وجود ندارد» when empty, else the list and numbered page links
 * that keep the page in the URL with the rest of the query (so back and forward restore it).
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
  return (
    <QueryState query={query}>
      {(list) =>
        list.data.length === 0 ? (
          <EmptyBlock />
        ) : (
          <>
            <ul aria-label={label} className="flex flex-col gap-3" aria-busy={query.isFetching}>
              {list.data.map(children)}
            </ul>
            <Pagination
              page={page}
              pageCount={list.meta.pagination?.pageCount ?? 1}
              hrefOf={(n) => hrefWithPage(location.pathname, new URLSearchParams(location.search), n)}
            />
          </>
        )
      }
    </QueryState>
  );
}
