/**
 * Which URLs the deploy gate tries: one real page of every page kind, on the CMS's real content.
 *
 * A page kind is what one component renders: a route of the app's page list, told apart by its
 * page chunk, by whether it takes a parameter, and — for a route that owns everything below it
 * (`/rebar/*`, the catalogue's tree) — by the depth of the path, so a category, a sub-category and
 * whatever lies deeper are each tried. `/product/sample` (a 404) and `/rebar` alone stood for the
 * catalogue before, and a product view that threw went live.
 *
 * The real URLs come from the site itself, as a visitor finds them: the server renders the pages
 * that take no parameter, and the links in them are followed, breadth first, until every kind has
 * a page or the walk's bound is reached. A route's declared `sample` is taken as it is. A kind no
 * link leads to (a sign-in callback, say) is tried at its path with `sample` for each parameter.
 */
import type { RemotePages } from '@steel/contract';
import {
  findPageRoute,
  parsePattern,
  pathSegments,
  samplePath,
  type PageRoute,
  type RemoteName,
} from '@steel/contract';

export interface SamplePage {
  app: RemoteName;
  route: PageRoute;
  url: string;
  /** Found by following the site's links (real content), or made up from the route. */
  real: boolean;
}

/** Pages the walk may fetch, and how deep below a route's own path it follows a tree. */
const MAX_FETCHES = 40;
const MAX_TREE_DEPTH = 4;

/** The kind of page a path is, under the route that owns it. */
export function pageKind(app: RemoteName, route: PageRoute, pathname: string): string {
  const pattern = parsePattern(route.path);
  const shape = pattern.below
    ? `depth ${Math.min(pathSegments(pathname).length, pattern.segments.length + MAX_TREE_DEPTH)}`
    : pattern.segments.some((part) => part.startsWith(':'))
      ? 'with a parameter'
      : 'fixed';
  return `${app} ${route.chunk ?? route.path} ${shape}`;
}

/** The internal links of a page's HTML (paths only: no query, no fragment, no files or API). */
export function internalLinks(html: string): string[] {
  const paths = [...html.matchAll(/href="(\/[^"#?]*)/g)]
    .map((match) => match[1]!)
    .filter((href) => !href.startsWith('//') && !/^\/(builds|api|_)(\/|$)/.test(href) && !/\.[a-z0-9]+$/i.test(href));
  return [
    ...new Set(
      paths.map((href) => {
        try {
          return decodeURI(href);
        } catch {
          return href;
        }
      }),
    ),
  ];
}

/**
 * One sample per page kind of `apps` (their routes in `pages`, the live set the gate tries),
 * found by walking the site at `base` from every page without a parameter.
 */
export async function pageKindSamples(
  base: string,
  pages: RemotePages,
  apps: readonly RemoteName[],
  fetchPage: (url: string) => Promise<string | null> = defaultFetch(base),
): Promise<SamplePage[]> {
  const found = new Map<string, SamplePage>();
  const routes = apps.flatMap((app) => (pages[app] ?? []).map((route) => ({ app, route })));
  const pattern = (route: PageRoute) => parsePattern(route.path);
  const declared = (app: RemoteName, route: PageRoute, url: string, real: boolean) => {
    const kind = pageKind(app, route, url);
    if (!found.has(kind)) found.set(kind, { app, route, url, real });
  };
  for (const { app, route } of routes) {
    if (route.sample) declared(app, route, route.sample, true);
    else if (!pattern(route).segments.some((part) => part.startsWith(':')))
      declared(app, route, samplePath(route), true);
  }
  // Kinds a link may still reveal: routes with a parameter, and trees (each depth a kind of its own).
  const missing = () =>
    routes.some(
      ({ app, route }) =>
        pattern(route).below || ![...found.values()].some((sample) => sample.app === app && sample.route === route),
    );

  // Every live app's pages without a parameter start the walk: a product is linked from the home page.
  const queue = Object.values(pages).flatMap((routes) =>
    (routes ?? []).filter((route) => route.rendering === 'server' && !route.path.includes(':')).map(samplePath),
  );
  const seen = new Set(queue);
  for (let fetches = 0; queue.length && fetches < MAX_FETCHES && missing(); fetches += 1) {
    const html = await fetchPage(queue.shift()!);
    if (!html) continue;
    for (const link of internalLinks(html)) {
      if (seen.has(link)) continue;
      seen.add(link);
      const owner = findPageRoute(pages, link);
      if (!owner) continue;
      if (apps.includes(owner.app)) declared(owner.app, owner.route, link, true);
      if (owner.route.rendering === 'server') queue.push(link);
    }
  }
  // What no link led to: its path, with `sample` for each parameter (a 404 page still renders the layout).
  for (const { app, route } of routes)
    if (![...found.values()].some((sample) => sample.route === route)) declared(app, route, samplePath(route), false);
  return [...found.values()];
}

function defaultFetch(base: string) {
  return async (url: string): Promise<string | null> => {
    const response = await fetch(base + url, { redirect: 'manual' }).catch(() => null);
    if (!response?.ok) return null;
    return response.text();
  };
}
