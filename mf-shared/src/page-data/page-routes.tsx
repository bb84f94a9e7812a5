import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Route, Routes, useLocation, useParams } from '@steel/shared/router';
import { useQueryClient, useSuspenseQueries } from '@tanstack/react-query';
import { useShell } from '../ui/shell-context';
import { ReportNotFound } from '../ui/report-not-found';
import { StillLoadingNotice } from '../ui/still-loading-notice';
import { applyHead } from './head-tags';
import type { PageHead } from '@steel/contract/page-head';
import type { PageDefinition, PageUrl, ReadQuery } from './page-definition';
import { PageDataBoundary } from './page-data-boundary';
import { joinPrefetches, withPageDataLoad } from './page-data-load';
import { preloadPage } from './lazy-page';
import { forgetPageDataWaitsElsewhere, usePageDataWait } from './page-data-waits';

/**
 * A remote's pages as react-router routes (the same list the server matches and prefetches), and
 * `children`: the app's own `<Route>`s for pages rendered in the browser only (the panel's private
 * pages). Any other path renders nothing: the shell is about to mount the app that owns it.
 */
export function PageRoutes({ pages, children }: { pages: readonly PageDefinition[]; children?: ReactNode }) {
  return (
    <>
      <PageDataWaitNotice />
      <Routes>{pageRouteElements(pages, children)}</Routes>
    </>
  );
}

/**
 * The `<Route>`s `PageRoutes` renders (repo/route-agreement.test.ts reads these very elements).
 * Case-sensitive, as the site's route rule is (contracts/route-rule.ts); an app's own `<Route>`s
 * in `children` say `caseSensitive` too.
 */
export function pageRouteElements(pages: readonly PageDefinition[], children?: ReactNode): ReactNode {
  return (
    <>
      {pages.map((page) => (
        <Route key={page.path} path={page.path} caseSensitive element={<PageView page={page} />} />
      ))}
      {children}
      <Route path="*" element={null} />
    </>
  );
}

/**
 * A navigation is a transition: the page it leaves stays on screen (or, in an app just mounted,
 * the loading state) until the new page's data comes. A long wait is said here, above it, in the
 * app's one place that stays rendered through the navigation.
 */
function PageDataWaitNotice() {
  const { pathname, search } = useLocation();
  // The page at this address is on screen: a wait a later navigation left behind is not the visitor's.
  useEffect(() => forgetPageDataWaitsElsewhere(pathname + search), [pathname, search]);
  const { waiting, stillLoading } = usePageDataWait();
  return waiting ? <StillLoadingNotice stillLoading={stillLoading} /> : null;
}

function usePageUrl(): PageUrl {
  const location = useLocation();
  const params = useParams();
  return useMemo(
    () => ({
      pathname: location.pathname,
      pathWithQuery: location.pathname + location.search,
      params,
      search: new URLSearchParams(location.search),
    }),
    [location.pathname, location.search, params],
  );
}

function PageView({ page }: { page: PageDefinition }) {
  const url = usePageUrl();
  const queryClient = useQueryClient();
  return (
    <PageDataBoundary
      url={url.pathWithQuery}
      forgetFailure={() => queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' })}
    >
      {/* Only client navigation ever waits here: a server-rendered page arrives with its data. */}
      <Suspense fallback={<PageLoading />}>
        <PageWithData page={page} url={url} />
      </Suspense>
    </PageDataBoundary>
  );
}

function PageWithData({ page, url }: { page: PageDefinition; url: PageUrl }) {
  const { api, bus, config } = useShell();
  const queryClient = useQueryClient();
  const load = { timeoutMs: config.pageDataTimeoutMs, bus, queryClient, path: url.pathWithQuery };
  // A page in its own chunk loads beside its data, not after it (its failure shows where it renders).
  preloadPage(page).catch(() => undefined);
  const queries = page.data?.(url, { api }) ?? [];
  // Data a link's intent is still fetching: this navigation waits for it, with the bar.
  joinPrefetches(queries, bus, url.pathWithQuery);
  useSuspenseQueries({ queries: queries.map((query) => withPageDataLoad(query, load)) });
  const read: ReadQuery = (options) => queryClient.getQueryData(options.queryKey) as never;
  const head = page.head(url, read, { api });
  // The head as text: a new object each render, applied again only when what it says changes.
  const headJson = head ? JSON.stringify(head) : null;
  useEffect(() => {
    if (headJson) applyHead(document, JSON.parse(headJson) as PageHead, config.siteUrl);
  }, [headJson, config.siteUrl]);
  if (!head) return <ReportNotFound />;
  return <page.Page url={url} />;
}

/** Stands in while a client navigation loads a page's data (the loading bar runs meanwhile). */
export function PageLoading() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3 py-2" data-page-loading>
      <span className="sr-only">در حال بارگذاری…</span>
      <div className="h-4 w-40 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <div className="h-8 w-64 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <div className="h-32 w-full animate-pulse rounded bg-slate-100 dark:bg-slate-800/60" />
    </div>
  );
}
