import { useSyncExternalStore } from 'react';
import type { AppError, RemoteName } from '@steel/contract';
import type { LiveRoutes, MatchedRoute } from '../routes/match-route';

export interface RemoteFailure {
  error: unknown;
  retry: () => void;
  /**
   * The page (pathname + search) the failure belongs to, when it is one page's (a render error):
   * a navigation elsewhere clears it, as the remote renders that page afresh. Without it the
   * failure stays until the app is left or retried (its code never ran).
   */
  url?: string;
}

export interface ShellState {
  /** pathname + search of the page on screen. */
  url: string;
  route: MatchedRoute | null;
  /** False while the live remotes' pages are not known yet: an unmatched path is not a 404 then. */
  routesKnown: boolean;
  /** The error on screen, stamped with the URL it belongs to: navigating away clears it. */
  error: (AppError & { url: string }) | null;
  remoteFailures: Record<RemoteName, RemoteFailure>;
  /**
   * The remotes with a container in the layout: every live one the registry named since the page
   * loaded (a container stays once made: a remote may be mounted in it).
   */
  apps: readonly RemoteName[];
}

type Listener = () => void;

const pathOf = (url: string) => url.split('?')[0] ?? '/';

/**
 * The shell's own UI state, outside React so single-spa callbacks can update it. `currentUrl`
 * reads the browser's location (or, on the server, the request's); `routes` are the live set's;
 * `initialError` is the fatal error the server rendered, so hydration starts from the same state.
 */
export function createShellStore(
  currentUrl: () => string,
  routes: Pick<LiveRoutes, 'match' | 'known' | 'apps'>,
  initialError: (AppError & { url: string }) | null = null,
) {
  const url = currentUrl();
  let state: ShellState = {
    url,
    route: routes.match(pathOf(url)),
    routesKnown: routes.known(),
    error: initialError?.url === url ? initialError : null,
    remoteFailures: {},
    apps: routes.apps(),
  };
  const listeners = new Set<Listener>();

  function set(patch: Partial<ShellState>) {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  }

  return {
    get: () => state,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Called on every navigation; an error raised for another URL no longer applies. */
    syncLocation() {
      const url = currentUrl();
      if (url === state.url && state.route) return;
      const remoteFailures = Object.fromEntries(
        Object.entries(state.remoteFailures).filter(([, failure]) => !failure.url || failure.url === url),
      );
      set({
        url,
        route: routes.match(pathOf(url)),
        routesKnown: routes.known(),
        error: state.error?.url === url ? state.error : null,
        remoteFailures,
      });
    },
    /** The live set's routes changed (a new registry): the page on screen is routed again. */
    rerouteLocation() {
      const added = routes.apps().filter((app) => !state.apps.includes(app));
      set({
        route: routes.match(pathOf(state.url)),
        routesKnown: routes.known(),
        ...(added.length ? { apps: [...state.apps, ...added] } : {}),
      });
    },
    showError(error: AppError) {
      set({ error: { ...error, url: currentUrl() } });
    },
    clearError() {
      set({ error: null });
    },
    setRemoteFailure(app: RemoteName, failure: RemoteFailure | null) {
      const remoteFailures = { ...state.remoteFailures };
      if (failure) remoteFailures[app] = failure;
      else delete remoteFailures[app];
      set({ remoteFailures });
    },
  };
}

export type ShellStore = ReturnType<typeof createShellStore>;

export function useShellState(store: ShellStore): ShellState {
  // The server snapshot is the same state: the browser's store starts from what the server rendered.
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
