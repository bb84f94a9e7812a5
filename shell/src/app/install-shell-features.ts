import { triggerAppChange } from 'single-spa';
import type { QueryClient } from '@tanstack/react-query';
import type { RemoteName, RuntimeConfig } from '@steel/contract';
import type { AppBus, AppFetch, ContentClient, SessionStore, createAuth } from '@steel/shared';
import type { LiveRoutes } from './routes/match-route';
import type { ShellStore } from './state/shell-store';
import type { ShellServices } from './shell-services';

type ShellServicesRefresh = ShellServices['refreshSession'];
import { installErrorPipeline } from '../features/errors/error-pipeline';
import { reportUncaughtRemoteErrors } from '../features/failure-reports/report-uncaught-errors';
import { installChunkErrorHandling } from '../features/chunk-errors/chunk-error-handling';
import { installLoadingBar } from '../features/loading-bar/install-loading-bar';
import { installVersionCheck } from '../features/version-check/install-version-check';
import { createAuthGuard } from '../features/guards/auth-guard';
import { createRouteGuards } from '../features/guards/route-guards';
import { createRemotePrefetcher } from '../features/prefetch/remote-prefetcher';
import { integrityOf } from '../features/integrity/integrity-table';
import { confirmSession } from '../features/session/confirm-session';
import { followSessionChanges } from '../features/session/follow-session';

export interface ShellFeatureOptions {
  config: RuntimeConfig;
  bus: AppBus;
  session: SessionStore;
  api: ContentClient;
  appFetch: AppFetch;
  auth: ReturnType<typeof createAuth>;
  queryClient: QueryClient;
  refreshSession: ShellServicesRefresh;
  store: ShellStore;
  routes: LiveRoutes;
  remotesRegistered: Promise<void>;
  /** The version of a remote the page runs (the registry's). */
  remoteVersion: (app: RemoteName) => string;
  /** The entry URL of a remote the page runs (the registry's), or null when it is not live. */
  remoteEntry: (app: RemoteName) => string | null;
}

/**
 * The shell's behaviours (docs/behaviour.md): error pages, chunk errors and the reload guard, the
 * loading bar, version polling, session confirmation and following, route guards and prefetch.
 * Returns what the composition root hands on to navigation, routing and the remotes.
 */
export function installShellFeatures(options: ShellFeatureOptions) {
  const {
    config,
    bus,
    session,
    appFetch,
    auth,
    queryClient,
    refreshSession,
    store,
    routes,
    remotesRegistered,
    remoteVersion,
    remoteEntry,
  } = options;
  const currentUrl = () => window.location.pathname + window.location.search;
  installErrorPipeline({ bus, store });
  reportUncaughtRemoteErrors({ remoteVersion, sampleRate: config.failureReportSampleRate });
  installChunkErrorHandling({ bus, store, activeApp: () => routes.owner(window.location.pathname) });
  installLoadingBar({ bus });
  // A new deploy makes the next navigation a full page load (docs/behaviour.md, "Version polling").
  const versionPoller = installVersionCheck({ bus, appFetch, config, store, remoteVersion });
  // The shown user is a display cache: confirmed against the CMS once per page load.
  const sessionReady = confirmSession({ session, appFetch, auth, refresh: refreshSession });
  const guards = createRouteGuards({
    routes,
    session,
    authGuard: createAuthGuard({ session, ready: sessionReady, fetchUser: () => auth.fetchUser() }),
    queryClient,
    currentUrl,
    replaceUrl: (to) => window.history.replaceState(window.history.state, '', to),
    reroute: () => void triggerAppChange(),
  });
  followSessionChanges({
    bus,
    session,
    queryClient,
    isGuarded: routes.isGuarded,
    currentPath: currentUrl,
    leave: (to) => window.history.replaceState(window.history.state, '', to),
  });
  const prefetcher = createRemotePrefetcher({
    owner: (pathname) => routes.owner(pathname),
    remotesRegistered,
    entryUrl: remoteEntry,
    integrityOf: (url) => integrityOf(url, window.location.href),
  });
  return {
    takeReload: () => versionPoller.takeReload(),
    guards,
    prefetch: (to: string) => void prefetcher.prefetch(to),
  };
}
