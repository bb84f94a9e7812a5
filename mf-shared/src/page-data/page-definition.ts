/**
 * The page-data pattern (docs/architecture.md, "How a page reaches the screen" and "Contracts between apps"):
 * a page declares its data as TanStack Query
 * options derived from its URL. The server prefetches exactly those, renders and embeds the
 * dehydrated cache; the browser hydrates from it without a second fetch; client navigation runs
 * the same declarations. One declaration, three users: server, browser, tests.
 */
import type { ComponentType } from 'react';
import type { FetchQueryOptions, QueryKey, UseSuspenseQueryOptions } from '@tanstack/react-query';
import type { ContentClient } from '../api/content-types';
import type {
  FeedSource,
  GuardName,
  LayoutName,
  PageNav,
  PageRoute,
  SitemapSource,
} from '@steel/contract/app-manifest';
import { matchRoute } from '@steel/contract/route-rule';
import type { QueryParameter } from '@steel/contract/query-parameters';
import type { PageHead } from '@steel/contract/page-head';
import type { SlotName } from '@steel/contract/slots';

/** What a page knows of its URL: the route's params and the query string. */
export interface PageUrl {
  pathname: string;
  /** `pathname + search`, as the error messages of docs/behaviour.md, "Error pages" quote it. */
  pathWithQuery: string;
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/** What a page's data declarations may use; the same object in the browser and on the server. */
export interface PageDataContext {
  api: ContentClient;
}

// Query options of any result type: each page's factories keep their own precise types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PageQuery = UseSuspenseQueryOptions<any, any, any, any>;

/** Reads a declared query's result from the cache (it is always there when head() runs). */
export type ReadQuery = <T>(options: FetchQueryOptions<T, Error, T, QueryKey> | { queryKey: QueryKey }) => T;

export interface PageDefinition {
  /** A react-router path pattern (`/blog/:slug`, `/rebar/*`); the app owns it on the whole site. */
  path: string;
  /** Where the page is rendered; default `server` (public pages are rendered and hydrated). */
  rendering?: 'server' | 'browser';
  /** Default `['cache']`: back and forward are served from the query cache. */
  guards?: readonly GuardName[];
  /** Default `default` (header and footer). */
  layout?: LayoutName;
  /**
   * The query parameters the page reads, each with its rule (contracts/query-parameters.ts); none
   * by default. Any other parameter, spelling or order is redirected to the page's canonical URL.
   */
  query?: readonly QueryParameter[];
  /**
   * Where the app server asks the CMS which values the query holds and how many items a state
   * lists (a path of the CMS's API): a filter value no product has, a page past the last, are then
   * redirected too. For a page whose parameters are `held` or whose page number has `perPage`.
   */
  stateSource?: string;
  /** Parts of a `/*` page that read a query of their own (a listing, a product below it). */
  subpages?: ReadonlyArray<{ path: string; query: readonly QueryParameter[]; stateSource?: string }>;
  /**
   * Pages at or below this one that the app server's `/_/print.pdf` prints, each with the CMS read
   * that answers only to their owner (`{ path: '/inquiry/requests/:id/proforma', owner: '/inquiries/:id' }`).
   */
  printable?: ReadonlyArray<{ path: string; owner: string }>;
  /** A URL of the page for the deploy gate's smoke render and mount (default: params filled in). */
  sample?: string;
  /**
   * How the app server's sitemap lists the page: fixed paths, or a CMS collection it reads
   * (contracts/site-navigation.ts). Not listed when absent (private pages, search results).
   */
  sitemap?: readonly SitemapSource[];
  /**
   * The feeds the page owns (contracts/site-navigation.ts): the app server writes each from the CMS
   * at its path, like the sitemap from `sitemap`, so a feed changes with the app's deploy alone.
   */
  feeds?: readonly FeedSource[];
  /** Where the page shows in the site's navigation (header, menu drawer, footer), with its Persian label. */
  nav?: PageNav;
  /**
   * The extension slots the page renders (`<Slot>`), besides the shell's header on every page: the
   * deploy gate weighs each contributor's code on each page kind by this list, and the gate's
   * server render refuses a page that renders a slot it does not list.
   */
  slots?: readonly SlotName[];
  /** The page's data, derived from the URL: the server prefetches exactly these. */
  data?: (url: PageUrl, context: PageDataContext) => readonly PageQuery[];
  /**
   * The page's head from its URL and its data; `null` when the URL names nothing that exists
   * (an unknown slug): a fatal 404 `Page Not Found: {path}` on both sides (docs/behaviour.md, "Error pages").
   */
  head: (url: PageUrl, read: ReadQuery, context: PageDataContext) => PageHead | null;
  Page: ComponentType<{ url: PageUrl }>;
}

/** Whether the server renders the page (`rendering` is `server`, the default) or the browser alone. */
export const isServerRendered = (page: Pick<PageDefinition, 'rendering'>) => (page.rendering ?? 'server') === 'server';

export interface MatchedPage {
  page: PageDefinition;
  url: PageUrl;
}

/**
 * Finds the page for a URL by the site's route rule (contracts/route-rule.ts), which is what
 * `<PageRoutes>` renders. The path is taken as react-router takes it from a location: up to `?`
 * or `#`, as it is (no URL resolution: `//x` is a path, not a host).
 */
export function matchPage(pages: readonly PageDefinition[], pathWithQuery: string): MatchedPage | null {
  const beforeHash = pathWithQuery.split('#')[0] ?? '';
  const queryAt = beforeHash.indexOf('?');
  const pathname = (queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt)) || '/';
  const match = matchRoute(pages, (page) => page.path, pathname);
  if (!match) return null;
  const { search, searchParams } = new URL(queryAt < 0 ? '' : beforeHash.slice(queryAt), 'http://site.invalid/');
  return {
    page: match.candidate,
    url: { pathname, pathWithQuery: pathname + search, params: match.params, search: searchParams },
  };
}

/** The CMS collection a query reads, by this project's convention: the first element of its key. */
export function queryCollection(queryKey: QueryKey): string | null {
  return typeof queryKey[0] === 'string' ? queryKey[0] : null;
}

/**
 * Every CMS collection a query reads: `meta.collections` when it reads several (the site search),
 * else the first element of its key.
 */
export function queryCollections(query: { queryKey: QueryKey; meta?: Record<string, unknown> }): string[] {
  const named = query.meta?.['collections'];
  if (Array.isArray(named)) return named.filter((item): item is string => typeof item === 'string');
  const collection = queryCollection(query.queryKey);
  return collection ? [collection] : [];
}

/** The routing facts of a page, as its app's page list publishes them to the shell. */
export function toPageRoute(
  page: Pick<
    PageDefinition,
    | 'path'
    | 'rendering'
    | 'guards'
    | 'layout'
    | 'query'
    | 'stateSource'
    | 'subpages'
    | 'printable'
    | 'sample'
    | 'sitemap'
    | 'feeds'
    | 'nav'
    | 'slots'
  > & {
    Page?: unknown;
  },
): PageRoute {
  // A `lazyPage` that names its chunk (lazy-page.tsx).
  const chunk = (page.Page as { chunk?: string } | undefined)?.chunk;
  return {
    path: page.path,
    rendering: isServerRendered(page) ? 'server' : 'browser',
    guards: [...(page.guards ?? ['cache'])],
    layout: page.layout ?? 'default',
    ...(page.query ? { query: [...page.query] } : {}),
    ...(page.stateSource ? { stateSource: page.stateSource } : {}),
    ...(page.subpages
      ? {
          subpages: page.subpages.map(({ path, query, stateSource }) => ({
            path,
            query: [...query],
            ...(stateSource ? { stateSource } : {}),
          })),
        }
      : {}),
    ...(page.printable ? { printable: page.printable.map((printable) => ({ ...printable })) } : {}),
    ...(page.sample ? { sample: page.sample } : {}),
    ...(chunk ? { chunk } : {}),
    ...(page.slots?.length ? { slots: [...page.slots] } : {}),
    ...(page.sitemap ? { sitemap: page.sitemap.map((source) => ({ ...source })) } : {}),
    ...(page.feeds
      ? { feeds: page.feeds.map((feed) => ({ ...feed, sort: [...feed.sort], fields: { ...feed.fields } })) }
      : {}),
    ...(page.nav ? { nav: { ...page.nav, places: [...page.nav.places] } } : {}),
  };
}
