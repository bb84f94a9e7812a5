import type { RemoteName, RemotePages } from '@steel/shared';
import { REDIRECTS, buildRouteTable, type RedirectDefinition, type RouteDefinition } from './route-table';

export interface MatchedRoute {
  definition: RouteDefinition;
  params: Record<string, string>;
}

/** `/a/b/` and `/a/b` are the same route; `/` stays `/`. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function segmentsOf(pathname: string): string[] {
  return normalisePath(pathname).split('/').filter(Boolean);
}

function matchDefinition(definition: RouteDefinition, segments: string[]): Record<string, string> | null {
  const pattern = segmentsOf(definition.path);
  if (segments.length < pattern.length) return null;
  if (segments.length > pattern.length && !definition.below) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] as string;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/**
 * The most specific route for a path (the longest pattern wins; at equal length the first listed,
 * so the app server's own paths win over any remote's claim), or null for an unknown path.
 */
export function matchRoute(pathname: string, routes: readonly RouteDefinition[]): MatchedRoute | null {
  const segments = segmentsOf(pathname);
  let best: MatchedRoute | null = null;
  let bestLength = -1;
  for (const definition of routes) {
    const params = matchDefinition(definition, segments);
    const length = segmentsOf(definition.path).length;
    if (params && length > bestLength) {
      best = { definition, params };
      bestLength = length;
    }
  }
  return best;
}

/** Where a path redirects to, if anywhere (applied before anything mounts). */
export function findRedirect(pathname: string, redirects: readonly RedirectDefinition[] = REDIRECTS): string | null {
  const path = normalisePath(pathname);
  return redirects.find((redirect) => normalisePath(redirect.from) === path)?.to ?? null;
}

/**
 * The routes of the live set, replaced when a new registry arrives (a remote deployed with a new
 * page). One per page in the browser, one per request on the server.
 */
export function createLiveRoutes(pages?: RemotePages) {
  let table = buildRouteTable(pages ?? {});
  // Until the registry arrives (a page without one embedded) no path is known to be missing.
  let known = pages !== undefined;
  const match = (pathname: string) => matchRoute(pathname, table);
  return {
    match,
    /** The remote that renders a path, or null (an unknown path, or one the app server answers). */
    owner(pathname: string): RemoteName | null {
      const owner = match(pathname)?.definition.app;
      return owner && owner !== 'server' ? owner : null;
    },
    /** Whether the path's route requires a signed-in visitor. */
    isGuarded: (pathname: string) => Boolean(match(pathname)?.definition.guards.includes('auth')),
    update(next: RemotePages) {
      table = buildRouteTable(next);
      known = true;
    },
    known: () => known,
  };
}

export type LiveRoutes = ReturnType<typeof createLiveRoutes>;
