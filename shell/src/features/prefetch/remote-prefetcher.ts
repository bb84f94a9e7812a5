import { getAppStatus, NOT_LOADED } from 'single-spa';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@steel/shared';
import { createPrefetcher } from './create-prefetcher';

/**
 * Link prefetch wired to the remotes (docs/behaviour.md, "Link prefetch"): the app owning a visible
 * link's target has its code loaded once, after the first page is on screen and the remotes are
 * registered.
 */
export function createRemotePrefetcher(options: { owner: (pathname: string) => RemoteName | null; remotesRegistered: Promise<void> }) {
  /** Resolves once single-spa has finished the first page's app changes (mounts included). */
  const firstPageShown = new Promise<void>((resolve) => window.addEventListener('single-spa:routing-event', () => resolve(), { once: true }));
  return createPrefetcher({
    resolveApp: options.owner,
    // null = not registered yet (remotes.json still loading): not loaded, preload waits below.
    isLoaded: (app) => {
      const status = getAppStatus(app);
      return status !== null && status !== NOT_LOADED;
    },
    preload: async (app) => {
      await options.remotesRegistered;
      // Idle time starts while the first page's own code is still downloading: prefetching then
      // would compete with it (the bench showed blog + panel fetched before the catalogue rendered).
      await firstPageShown;
      // loadRemote fetches and evaluates the remote's entry and ./app module without mounting it;
      // mounting later reuses that module. (preloadRemote's <link rel=preload> tags made Chromium
      // warn on every page that the preloaded chunks were not used within a few seconds.)
      await loadRemote(`${app}/app`);
    },
    onError: (app, error) => console.warn(`Prefetch of the ${app} app failed`, error),
  });
}
