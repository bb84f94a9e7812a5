import type { QueryClient } from '@tanstack/react-query';

/**
 * The `cache` guard (docs/architecture.md, "Routes"). The remotes' CMS reads all go through the one shared
 * QueryClient, so the guard is a query default switched per route: on a `cache` route a read
 * younger than CACHE_ROUTE_STALE_TIME_MS is served straight from the cache (back and forward are
 * instant, no request); older data is still shown at once and revalidated in the background
 * (stale-while-revalidate, React Query's own behaviour). Every other route (the customer's own
 * records in the panel) uses staleTime 0: cached data may show at once but is always refetched.
 * Queries read the defaults when they are observed, so switching on navigation, before the
 * remote mounts, is enough.
 */
export const CACHE_ROUTE_STALE_TIME_MS = 60_000;

export function staleTimeFor(guards: readonly string[]): number {
  return guards.includes('cache') ? CACHE_ROUTE_STALE_TIME_MS : 0;
}

export function applyCachePolicy(queryClient: QueryClient, guards: readonly string[]): void {
  const defaults = queryClient.getDefaultOptions();
  const staleTime = staleTimeFor(guards);
  if (defaults.queries?.staleTime === staleTime) return;
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, staleTime } });
}
