/**
 * How a page's data is loaded on client navigation (docs/architecture.md, "Failure stays contained"). Measured before: a CMS that stalled
 * left the navigation hanging (the address bar on the new page, the old page on screen, no word
 * after 12 s), and one that failed replaced the whole site with the fatal error page.
 * Now each request has a time limit (docs/behaviour.md, "Page data on client navigation"), past
 * which it is aborted — a stalled CMS keeps no connection of the browser's open; a request that
 * fails or is late is retried once, at once;
 * after that the page shows an in-layout error with a retry (`PageDataBoundary`). The shell's
 * loading bar runs while the visitor waits and finishes — red — when the data could not be had.
 */
import type { QueryClient, QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import type { AppBus } from '../bus/create-bus';
import { normaliseApiError } from '../api/api-error';
import { isLoadTimeoutError, withTimeLimit } from '../runtime/with-time-limit';
import type { PageQuery } from './page-definition';

/** A page's data could not be loaded (after its one retry); `cause` is the last failure. */
export class PageDataError extends Error {
  override name = 'PageDataError';
}

/** By name: each app bundles its own copy of the kernel's class. */
export const isPageDataError = (error: unknown): error is PageDataError => error instanceof Error && error.name === 'PageDataError';

/** Worth asking again at once: no answer in time, no connection, or the server's own trouble. */
export function isTransientFailure(error: unknown): boolean {
  if (isLoadTimeoutError(error)) return true;
  const { status } = normaliseApiError(error).error;
  return status >= 500 || status === 408 || status === 429;
}

export interface PageDataLoadOptions {
  timeoutMs: number;
  /** The shell's bus, for the loading bar. */
  bus: AppBus;
  queryClient: QueryClient;
  /**
   * A prefetch on intent: nobody waits yet, so the bar stays still; a navigation that joins it
   * runs the bar until it ends (`joinPrefetches`).
   */
  prefetch?: boolean;
}

/** Prefetches on intent under way, by query key; each settles as its data comes or fails. */
const prefetchesUnderWay = new Map<string, Promise<unknown>>();
const joinedPrefetches = new WeakSet<Promise<unknown>>();
const keyOf = (queryKey: QueryKey) => JSON.stringify(queryKey);

/**
 * A client navigation waits for these queries: those a prefetch is still loading run the loading
 * bar from now until they end (red when they fail), as if the navigation had started them.
 */
export function joinPrefetches(queries: readonly PageQuery[], bus: AppBus): void {
  for (const query of queries) {
    const underWay = prefetchesUnderWay.get(keyOf(query.queryKey));
    if (!underWay || joinedPrefetches.has(underWay)) continue;
    joinedPrefetches.add(underWay);
    bus.emit('page:loading:start', {});
    underWay.then(
      () => bus.emit('page:loading:end', {}),
      () => bus.emit('page:loading:end', { error: true }),
    );
  }
}

/**
 * One request for the data, with a signal of its own: aborted when the time limit passes (the
 * request itself stops, not just the wait for it) or when TanStack Query cancels the query.
 */
function attemptWithin<T, K extends QueryKey>(queryFn: QueryFunction<T, K>, context: QueryFunctionContext<K>, timeoutMs: number, what: string): Promise<T> {
  const controller = new AbortController();
  const cancelled = () => controller.abort(context.signal.reason);
  context.signal.addEventListener('abort', cancelled, { once: true });
  return withTimeLimit(Promise.resolve(queryFn({ ...context, signal: controller.signal })), timeoutMs, what)
    .catch((error: unknown) => {
      if (isLoadTimeoutError(error)) controller.abort(error);
      throw error;
    })
    .finally(() => context.signal.removeEventListener('abort', cancelled));
}

/**
 * A read as client navigation makes it: each request time-limited, and one that fails for a
 * transient reason asked once more, at once (TanStack Query's own retry would wait a second and
 * not know the time limit). Its last failure is thrown as it came.
 */
export function withLimitedRetry<T, K extends QueryKey>(queryFn: QueryFunction<T, K>, timeoutMs: number, what: string): QueryFunction<T, K> {
  return (context) => {
    const attempt = () => attemptWithin(queryFn, context, timeoutMs, what);
    return attempt().catch((error: unknown) => {
      if (!isTransientFailure(error)) throw error;
      return attempt();
    });
  };
}

/**
 * The page's query as client navigation runs it: time-limited, retried once, with the loading bar.
 * A prefetch on intent runs it the same way, so a navigation that joins it fails or succeeds
 * exactly as its own load would.
 */
export function withPageDataLoad(query: PageQuery, { timeoutMs, bus, queryClient, prefetch = false }: PageDataLoadOptions): PageQuery {
  const queryFn = query.queryFn;
  if (typeof queryFn !== 'function') return query;
  return {
    ...query,
    // The one retry is ours (withLimitedRetry).
    retry: false,
    queryFn: async (context: QueryFunctionContext) => {
      // A background refresh of data already on screen keeps the bar still.
      const waiting = queryClient.getQueryData(query.queryKey) === undefined && !prefetch;
      if (waiting) bus.emit('page:loading:start', {});
      const read = withLimitedRetry(queryFn as QueryFunction<unknown>, timeoutMs, `The data ${JSON.stringify(query.queryKey)}`);
      const reading: Promise<unknown> = Promise.resolve(read(context));
      if (prefetch) {
        const key = keyOf(query.queryKey);
        prefetchesUnderWay.set(key, reading);
        const done = () => prefetchesUnderWay.get(key) === reading && prefetchesUnderWay.delete(key);
        reading.then(done, done);
      }
      try {
        const data: unknown = await reading;
        if (waiting) bus.emit('page:loading:end', {});
        return data;
      } catch (error) {
        if (waiting) bus.emit('page:loading:end', { error: true });
        throw new PageDataError(`The page's data ${JSON.stringify(query.queryKey)} could not be loaded: ${(error as Error)?.message ?? error}`, { cause: error });
      }
    },
  };
}
