import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useShell, withLimitedRetry } from '@steel/shared/remote-core';

/**
 * `useQuery` for a read a page makes and shows itself (the panel's lists and records): the same
 * deadline and retry rule as a declared page's data (`withLimitedRetry`), so a stalled CMS ends in
 * the page's own error with its retry within the limit, never an endless wait (docs/behaviour.md,
 * "Page data on client navigation").
 */
export function useLimitedQuery<
  TQueryFnData,
  TError = Error,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const { config } = useShell();
  const { queryFn } = options;
  const limited =
    typeof queryFn === 'function'
      ? {
          ...options,
          retry: false,
          queryFn: withLimitedRetry(queryFn, config.pageDataTimeoutMs, `The data ${JSON.stringify(options.queryKey)}`),
        }
      : options;
  return useQuery(limited);
}
