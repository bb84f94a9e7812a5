/**
 * The shell's routing (docs/architecture.md, "Routes"): each remote owns its pages and publishes
 * them in its page manifest, which reaches the shell through the registry; the shell keeps only
 * what is its own — the redirects and the paths the app server answers. A team adds a page by
 * deploying its remote alone.
 */
import type { GuardName, LayoutName, PageRoute, RemoteName, RemotePages } from '@steel/shared';

/** `server` paths are answered by the app server: the browser navigates to them in full. */
export type RouteOwner = RemoteName | 'server';

export interface RouteDefinition {
  /** Segments may be `:param`; `below: true` also matches every deeper path. */
  path: string;
  app: RouteOwner;
  layout: LayoutName | null;
  guards: readonly GuardName[];
  below: boolean;
  /** `server`: rendered by the app server and hydrated; `browser`: private pages, browser only. */
  rendering: 'server' | 'browser';
}

export interface RedirectDefinition {
  from: string;
  /** A relative path, or an absolute URL (a full browser navigation). */
  to: string;
}

const server = (path: string, below = false): RouteDefinition => ({
  path,
  app: 'server',
  layout: null,
  guards: [],
  below,
  rendering: 'server',
});

/** Paths the app server answers (feeds, APIs, builds): never a remote's, whatever it claims. */
export const SERVER_ROUTES: readonly RouteDefinition[] = [
  server('/sitemap.xml'),
  server('/robots.txt'),
  server('/remotes.json'),
  server('/blog/rss.xml'),
  server('/api', true),
  server('/builds', true),
  server('/_', true),
];

export const REDIRECTS: readonly RedirectDefinition[] = [
  { from: '/market', to: '/landing/bourse/' },
  { from: '/support', to: '/contact-us/' },
  ...['/careers', '/credit', '/informations', '/price_inquiry', '/price_inquiry_result', '/shipping_price'].map(
    (from) => ({ from, to: '/' }),
  ),
];

/** A page of a remote's manifest as a route: `/rebar/*` owns `/rebar` and everything below it. */
export function routeOfPage(app: RemoteName, page: PageRoute): RouteDefinition {
  const below = page.path.endsWith('/*');
  const path = below ? page.path.slice(0, -2) || '/' : page.path;
  return { path, app, layout: page.layout, guards: page.guards, below, rendering: page.rendering };
}

/** The whole route table: the app server's paths first, then every live remote's pages. */
export function buildRouteTable(pages: RemotePages): RouteDefinition[] {
  const remoteRoutes = (Object.entries(pages) as [RemoteName, readonly PageRoute[]][]).flatMap(([app, list]) =>
    list.map((page) => routeOfPage(app, page)),
  );
  return [...SERVER_ROUTES, ...remoteRoutes];
}
