import type { QueryClient } from '@tanstack/react-query';
import type { GuardName } from '@steel/contract';
import type { SessionStore } from '@steel/shared';
import type { createAuthGuard } from './auth-guard';
import { applyCachePolicy } from './cache-policy';

/** What the guards need of the shell's routing: the guards of the route a path matches. */
export interface GuardedRoutes {
  match(pathname: string): { definition: { guards: readonly GuardName[] } } | null;
}

export interface RouteGuardOptions {
  routes: GuardedRoutes;
  session: Pick<SessionStore, 'isAuthenticated'>;
  authGuard: Pick<ReturnType<typeof createAuthGuard>, 'check'>;
  queryClient: QueryClient;
  /** pathname + search of the page now. */
  currentUrl: () => string;
  /** Puts another URL in place of the current one (the sign-in page). */
  replaceUrl: (to: string) => void;
  /** Asks single-spa to mount again now that the guard allowed the page. */
  reroute: () => void;
}

/**
 * The guards of the route being navigated to (docs/architecture.md, "Routes"). `cache` switches
 * the shared query defaults at once; `auth` may have to load the user, so until it resolves the
 * panel stays unmounted (`mayActivate` is false), then either single-spa is asked to mount it or
 * the URL is replaced with the sign-in page.
 */
export function createRouteGuards({
  routes,
  session,
  authGuard,
  queryClient,
  currentUrl,
  replaceUrl,
  reroute,
}: RouteGuardOptions) {
  const needsSignIn = (pathname: string) =>
    Boolean(routes.match(pathname)?.definition.guards.includes('auth')) && !session.isAuthenticated();
  return {
    /** A route guarded by `auth` mounts only for a signed-in visitor. */
    mayActivate: (pathname: string) => !needsSignIn(pathname),
    /** Runs the guards of the current URL; awaitable, so the loading bar can wrap it. */
    guardNavigation: async (): Promise<void> => {
      const wanted = currentUrl();
      const pathname = wanted.split('?')[0] ?? '/';
      const route = routes.match(pathname);
      if (!route) return;
      applyCachePolicy(queryClient, route.definition.guards);
      if (!needsSignIn(pathname)) return;
      const result = await authGuard.check(wanted);
      // The visitor went elsewhere meanwhile: that navigation runs its own guards.
      if (currentUrl() !== wanted) return;
      if (result.allowed) reroute();
      else replaceUrl(result.redirectTo);
    },
  };
}
