/**
 * How a page's data is loaded on client navigation (docs/architecture.md, "Failure stays contained"). Measured before: a CMS that stalled
 * left the navigation hanging (the address bar on the new page, the old page on screen, no word
 * after 12 s), and one that failed replaced the whole site with the fatal error page; later, with
 * a limit per request and a retry of a late one, a stalled CMS was named only after two limits (10.2 s).
 * Now each read has one deadline (docs/behaviour.md, "Page data on client navigation"), at which
 * the request under way is aborted — a stalled CMS keeps no connection of the browser's open; a
 * request that fails fast for a transient reason is asked once more within it (`withLimitedRetry`);
 * after that the page shows an in-layout error with a retry (`PageDataBoundary`). The shell's
 * loading bar runs while the visitor waits and finishes — red — when the data could not be had;
 * a wait past `STILL_LOADING_AFTER_MS` is said on the page (`PageRoutes`).
 */
import type { QueryClient, QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import type { AppBus } from '../bus/create-bus';
import { normaliseApiError } from '../api/api-error';
import { isLoadTimeoutError, withTimeLimit } from '../runtime/with-time-limit';
import type { PageQuery } from './page-definition';
import { startPageDataWait } from './page-data-waits';

/** A page's data could not be loaded (within its deadline); `cause` is the last failure. */
export class PageDataError extends Error {
  override name = 'PageDataError';
}

/** By name: the shell, and a remote built from other kit code, each hold their own copy of the class. */
export const isPageDataError = (error: unknown): error is PageDataError =>
  error instanceof Error && error.name === 'PageDataError';

/**
 * A fast failure worth asking again at once: no connection, or the server's own trouble. A
 * request that got no answer in time is not one: the deadline has passed with it.
 */
export function isTransientFailure(error: unknown): boolean {
  if (isLoadTimeoutError(error)) return false;
  const { status } = normaliseApiError(error).error;
  return status >= 500 || status === 408 || status === 429;
}

export interface PageDataLoadOptions {
  /** The read's deadline (runtime config `pageDataTimeoutMs`). */
  timeoutMs: number;
  /** The shell's bus, for the loading bar. */
  bus: AppBus;
  queryClient: QueryClient;
  /**
   * A prefetch on intent: nobody waits yet, so the bar stays still; a navigation that joins it
   * runs the bar until it ends (`joinPrefetches`).
   */
  prefetch?: boolean;
  /** The address the navigation waits at: the page there says when the wait is long. */
  path?: string;
}

/**
 * A navigation waits for page data from now: the loading bar runs and, at `path`, the page says
 * so once the wait is long. The returned function ends the wait as it ended.
 */
function waitForPageData(bus: AppBus, path: string | undefined): (outcome: 'data' | 'error') => void {
  bus.emit('page:loading:start', {});
  const endWait = path === undefined ? () => undefined : startPageDataWait(path);
  return (outcome) => {
    endWait();
    bus.emit('page:loading:end', outcome === 'error' ? { error: true } : {});
  };
}

/** Prefetches on intent under way, by query key; each settles as its data comes or fails. */
const prefetchesUnderWay = new Map<string, Promise<unknown>>();
const joinedPrefetches = new WeakSet<Promise<unknown>>();
/** A query's key as text (`unknown`: PageQuery leaves its key type open). */
const keyOf = (queryKey: unknown) => JSON.stringify(queryKey);

/**
 * A client navigation to `path` waits for these queries: those a prefetch is still loading are
 * waited for from now until they end — the loading bar (red when they fail) and the words of a
 * long wait — as if the navigation had started them. The prefetch's deadline stands.
 */
export function joinPrefetches(queries: readonly PageQuery[], bus: AppBus, path?: string): void {
  for (const query of queries) {
    const underWay = prefetchesUnderWay.get(keyOf(query.queryKey));
    if (!underWay || joinedPrefetches.has(underWay)) continue;
    joinedPrefetches.add(underWay);
    const endWait = waitForPageData(bus, path);
    underWay.then(
      () => endWait('data'),
      () => endWait('error'),
    );
  }
}

/**
 * A read as client navigation makes it, with one deadline — `timeoutMs` for the whole read — at
 * which the request under way is aborted (the request itself, not just the wait for it) and the
 * read fails with a LoadTimeoutError. A request that fails fast for a transient reason (no
 * connection, 5xx, 408, 429) is asked once more, at once, within what is left of the deadline;
 * TanStack Query's own retry would wait a second and not know the deadline. Its last failure is
 * thrown as it came.
 *
 * Why one deadline and not a limit per request: a CMS that has not answered within the limit is
 * stalled or overloaded, and asked again at once it mostly stalls again — the retry only doubled
 * the wait before the visitor heard anything (10.2 s measured with a 5 s limit). A fast failure (a
 * connection cut by a restarting CMS or proxy, a 502) is often gone on the next try and costs little.
 * So the visitor hears within the limit, whatever the CMS does, and a slow answer within it counts.
 */
export function withLimitedRetry<T, K extends QueryKey>(
  queryFn: QueryFunction<T, K>,
  timeoutMs: number,
  what: string,
): QueryFunction<T, K> {
  return (context) => {
    // One signal for both requests: aborted at the deadline or when TanStack Query cancels the
    // query; the first request has ended by the time the second is made.
    const controller = new AbortController();
    const cancelled = () => controller.abort(context.signal.reason);
    context.signal.addEventListener('abort', cancelled, { once: true });
    const attempt = () => Promise.resolve(queryFn({ ...context, signal: controller.signal }));
    const read = attempt().catch((error: unknown) => {
      if (controller.signal.aborted || !isTransientFailure(error)) throw error;
      return attempt();
    });
    return withTimeLimit(read, timeoutMs, what)
      .catch((error: unknown) => {
        if (isLoadTimeoutError(error)) controller.abort(error);
        throw error;
      })
      .finally(() => context.signal.removeEventListener('abort', cancelled));
  };
}

/**
 * The page's query as client navigation runs it: within its deadline, a fast failure retried once,
 * with the loading bar and the words of a long wait.
 * A prefetch on intent runs it the same way, so a navigation that joins it fails or succeeds
 * exactly as its own load would.
 */
export function withPageDataLoad(
  query: PageQuery,
  { timeoutMs, bus, queryClient, prefetch = false, path }: PageDataLoadOptions,
): PageQuery {
  const queryFn = query.queryFn;
  if (typeof queryFn !== 'function') return query;
  return {
    ...query,
    // The one retry is ours (withLimitedRetry).
    retry: false,
    queryFn: async (context: QueryFunctionContext) => {
      // A background refresh of data already on screen keeps the bar still.
      const waiting = queryClient.getQueryData(query.queryKey) === undefined && !prefetch;
      const endWait = waiting ? waitForPageData(bus, path) : () => undefined;
      const read = withLimitedRetry(
        queryFn as QueryFunction<unknown>,
        timeoutMs,
        `The data ${JSON.stringify(query.queryKey)}`,
      );
      const reading: Promise<unknown> = Promise.resolve(read(context));
      if (prefetch) {
        const key = keyOf(query.queryKey);
        prefetchesUnderWay.set(key, reading);
        const done = () => prefetchesUnderWay.get(key) === reading && prefetchesUnderWay.delete(key);
        reading.then(done, done);
      }
      try {
        const data: unknown = await reading;
        endWait('data');
        return data;
      } catch (error) {
        endWait('error');
        throw new PageDataError(
          `The page's data ${JSON.stringify(query.queryKey)} could not be loaded: ${(error as Error)?.message ?? error}`,
          { cause: error },
        );
      }
    },
  };
}
