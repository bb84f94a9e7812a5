import type { RemoteName } from '@steel/shared';
import { REDIRECTS, ROUTES, type GuardName, type RedirectDefinition, type RouteDefinition } from './route-table';

export const KNOWN_GUARDS: readonly GuardName[] = ['auth', 'cache'];

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
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segment);
    else if (part !== segment) return null;
  }
  return params;
}

/** The most specific route for a path (the longest pattern wins), or null for an unknown path. */
export function matchRoute(pathname: string, routes: readonly RouteDefinition[] = ROUTES): MatchedRoute | null {
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

/** The remote that renders a path, or null (an unknown path, or one the app server answers). */
export function owningRemote(pathname: string): RemoteName | null {
  const owner = matchRoute(pathname)?.definition.app;
  return owner && owner !== 'server' ? owner : null;
}

/** Where a path redirects to, if anywhere (applied before anything mounts). */
export function findRedirect(pathname: string, redirects: readonly RedirectDefinition[] = REDIRECTS): string | null {
  const path = normalisePath(pathname);
  return redirects.find((redirect) => normalisePath(redirect.from) === path)?.to ?? null;
}

/** Fails fast at start so a typo in the table can never reach a visitor (behaviour §4). */
export function validateRouteTable(routes: readonly RouteDefinition[] = ROUTES): void {
  for (const route of routes) {
    for (const guard of route.guards) {
      if (!(KNOWN_GUARDS as readonly string[]).includes(guard)) throw new Error(`Unknown route middleware: ${guard}`);
    }
  }
}
