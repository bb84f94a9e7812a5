/**
 * The shell's routing (docs/architecture.md, "Routes"): each remote owns its pages and publishes
 * them in its page list, which reaches the shell through the registry; the shell keeps only
 * what is its own — the redirects and the paths the app server answers. A team adds a page by
 * deploying its remote alone.
 */
import {
  appServerPaths,
  type GuardName,
  type LayoutName,
  type PageRoute,
  type RemoteName,
  type RemotePages,
} from '@steel/contract';

/** A remote, or `server`: paths answered by the app server, which the browser navigates to in full. */
export type RouteOwner = RemoteName;

export interface RouteDefinition {
  /** A pattern of the site's route rule (`/blog/:slug`; `/rebar/*` also owns every deeper path). */
  path: string;
  app: RouteOwner;
  layout: LayoutName | null;
  guards: readonly GuardName[];
  /** `server`: rendered by the app server and hydrated; `browser`: private pages, browser only. */
  rendering: 'server' | 'browser';
}

export interface RedirectDefinition {
  from: string;
  /**
   * A relative path, or an absolute URL (a full browser navigation); or several paths in order of
   * preference — the first a live app serves, else the last — for an old page whose successor is
   * an app that may or may not be live (the inquiry app joins a site by its own deploy).
   */
  to: string | readonly [string, ...string[]];
}

const server = (path: string): RouteDefinition => ({
  path,
  app: 'server',
  layout: null,
  guards: [],
  rendering: 'server',
});

export const REDIRECTS: readonly RedirectDefinition[] = [
  { from: '/market', to: '/landing/bourse/' },
  { from: '/support', to: '/contact-us/' },
  ...['/careers', '/informations'].map((from) => ({ from, to: '/' })),
  // The old site's price inquiry and shipping pages: the inquiry app's basket, its requests and its
  // shipping calculator, where it is live. The calculator lives below the app's own name (the
  // registry gives an app the paths under it, and the gate refuses a page outside them), so the
  // old address stays a redirect: to the home page on a site without the inquiry app.
  { from: '/price_inquiry', to: ['/inquiry', '/'] },
  { from: '/price_inquiry_result', to: ['/inquiry/requests', '/'] },
  { from: '/shipping_price', to: ['/inquiry/shipping-price', '/'] },
];

/** A page of a remote's page list as a route: `/rebar/*` owns `/rebar` and everything below it. */
export function routeOfPage(app: RemoteName, page: PageRoute): RouteDefinition {
  return { path: page.path, app, layout: page.layout, guards: page.guards, rendering: page.rendering };
}

/**
 * The whole route table: the app server's paths first (its own and the feeds the live pages
 * declare) — at an equal rank the first listed wins, so a remote's claim to one of them never
 * does — then every live remote's pages.
 */
export function buildRouteTable(pages: RemotePages): RouteDefinition[] {
  const remoteRoutes = (Object.entries(pages) as [RemoteName, readonly PageRoute[]][]).flatMap(([app, list]) =>
    list.map((page) => routeOfPage(app, page)),
  );
  return [...appServerPaths(pages).map(server), ...remoteRoutes];
}
