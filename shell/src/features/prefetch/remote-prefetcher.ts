import { getAppStatus, NOT_LOADED } from 'single-spa';
import type { RemoteName } from '@steel/contract';
import { createPrefetcher } from './create-prefetcher';
import { prefetchScript, remoteAppScripts, type IntegrityOf } from './prefetch-remote-files';

/**
 * Link prefetch wired to the remotes (docs/behaviour.md, "Link prefetch"): the app owning a visible
 * link's target has its code downloaded once, after the first page is on screen and the remotes
 * are registered. Downloaded only, never run: its entry and modules are evaluated when the
 * visitor goes there, from the HTTP cache.
 */
export function createRemotePrefetcher(options: {
  owner: (pathname: string) => RemoteName | null;
  remotesRegistered: Promise<void>;
  /** The live entry URL of a remote (the registry's: its federation manifest), or null when it is not live. */
  entryUrl: (app: RemoteName) => string | null;
  /** The published digests the remote's files are loaded with (the integrity table). */
  integrityOf: IntegrityOf;
}) {
  /** Resolves once single-spa has finished the first page's app changes (mounts included). */
  const firstPageShown = new Promise<void>((resolve) =>
    window.addEventListener('single-spa:routing-event', () => resolve(), { once: true }),
  );
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
      const entry = options.entryUrl(app);
      if (!entry) return;
      // Not loadRemote: that would evaluate the remote's entry and ./app module, on a page that
      // may never show them, at the cost of main-thread time the current page needs.
      const scripts = await remoteAppScripts(entry, options.integrityOf);
      await Promise.all(scripts.map((script) => prefetchScript(script, options.integrityOf)));
    },
    onError: (app, error) => console.warn(`Prefetch of the ${app} app failed`, error),
  });
}
