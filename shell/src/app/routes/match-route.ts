import { matchRoute, normalisePath, type RemoteName, type RemotePages } from '@steel/contract';
import { REDIRECTS, buildRouteTable, type RedirectDefinition, type RouteDefinition } from './route-table';

export interface MatchedRoute {
  definition: RouteDefinition;
  params: Record<string, string>;
}

export { normalisePath };

/**
 * The route that owns a path by the site's route rule (`@steel/shared`, route-rule.ts: react-router's
 * ranking, as the remotes render; at an equal rank the first listed, so the app server's own paths
 * win over any remote's claim), or null for an unknown path.
 */
function routeOf(pathname: string, routes: readonly RouteDefinition[]): MatchedRoute | null {
  const found = matchRoute(routes, (route) => route.path, pathname);
  return found ? { definition: found.candidate, params: found.params } : null;
}

/** Where a redirect sends a path, and whether that depends on which apps are live. */
export interface RedirectTarget {
  to: string;
  /** Chosen among several by the live apps: answered 302, since another deploy may change it. */
  byLiveApps: boolean;
}

/**
 * Where a path redirects to, if anywhere (applied before anything mounts): of a redirect with
 * several targets, the first that `served` says a live route serves, else its last.
 */
export function findRedirect(
  pathname: string,
  served: (path: string) => boolean,
  redirects: readonly RedirectDefinition[] = REDIRECTS,
): RedirectTarget | null {
  const path = normalisePath(pathname);
  const redirect = redirects.find((candidate) => normalisePath(candidate.from) === path);
  if (!redirect) return null;
  if (typeof redirect.to === 'string') return { to: redirect.to, byLiveApps: false };
  const fallback = redirect.to[redirect.to.length - 1]!;
  return { to: redirect.to.find((target) => served(target)) ?? fallback, byLiveApps: true };
}

/**
 * The routes of the live set, replaced when a new registry arrives (a remote deployed with a new
 * page). One per page in the browser, one per request on the server.
 */
export function createLiveRoutes(pages?: RemotePages) {
  let table = buildRouteTable(pages ?? {});
  let apps = Object.keys(pages ?? {});
  // Until the registry arrives (a page without one embedded) no path is known to be missing.
  let known = pages !== undefined;
  // The same path is matched many times a navigation (each app's activeWhen, the guards, the
  // store): the last answer is kept until the path or the table changes.
  let last: { pathname: string; table: readonly RouteDefinition[]; matched: MatchedRoute | null } | null = null;
  const match = (pathname: string): MatchedRoute | null => {
    if (last?.pathname !== pathname || last.table !== table)
      last = { pathname, table, matched: routeOf(pathname, table) };
    return last.matched;
  };
  return {
    match,
    /** The remote that renders a path, or null (an unknown path, or one the app server answers). */
    owner(pathname: string): RemoteName | null {
      const owner = match(pathname)?.definition.app;
      return owner && owner !== 'server' ? owner : null;
    },
    /** Whether a live route serves the path (a remote's page or the app server's). */
    serves: (pathname: string) => match(pathname) !== null,
    /** Whether the path's route requires a signed-in visitor. */
    isGuarded: (pathname: string) => Boolean(match(pathname)?.definition.guards.includes('auth')),
    update(next: RemotePages) {
      table = buildRouteTable(next);
      apps = Object.keys(next);
      known = true;
    },
    /** The live remotes, in the registry's order: the shell mounts each through single-spa. */
    apps: (): readonly RemoteName[] => apps,
    known: () => known,
  };
}

export type LiveRoutes = ReturnType<typeof createLiveRoutes>;
