/**
 * The shell's composition root: it only wires named modules together. Policy lives in them —
 * routing and navigation in `app/routes/`, guards in `features/guards/`, remotes in `app/remotes/`.
 */
import {
  REMOTE_REGISTRY_ELEMENT_ID,
  SHELL_STATE_ELEMENT_ID,
  type EmbeddedShellState,
  type RegistryEntry,
} from '@steel/contract';
import { takeEmbeddedJson, yieldToMain, type ShellContext } from '@steel/shared';
import { createShellServices } from './app/shell-services';
import { installFederationPlugins } from './app/federation/install-federation';
import { createLiveRoutes } from './app/routes/match-route';
import { createNavigate, redirectIfNeeded } from './app/routes/browser-navigation';
import { installRouteListeners } from './app/routes/install-route-listeners';
import { createRemoteRegistry } from './app/remotes/remote-registry';
import { createSlotHost } from './app/remotes/slot-host';
import { startRemotes } from './app/remotes/start-remotes';
import { createShellStore } from './app/state/shell-store';
import { mountShellRoot } from './app/layout/mount-shell-root';
import { createSiteNavigationStore } from './app/layout/site-navigation';
import { installShellFeatures } from './app/install-shell-features';
import { startThirdPartiesWhenIdle } from './features/third-parties/start-third-parties';
import { markStartUp } from './lib/start-up-marks';

// Start-up in tasks of its own, not one (a yield between, so a phone may paint and take input):
// after the modules' evaluation (react-dom's is the largest), the services and the registry; the
// shell's features and its hydration; the remotes.
void (async () => {
  await yieldToMain();
  markStartUp('shell-start');
  const { config, bus, session, api, appFetch, auth, queryClient, colourMode, refreshSession } = createShellServices();
  installFederationPlugins(config.remoteLoadTimeoutMs);
  // A server-rendered page says what it was rendered with: the registry (exact versions and pages,
  // so HTML and code match even right after a deploy) and the shell's state (a fatal error).
  const routes = createLiveRoutes();
  const navigation = createSiteNavigationStore();
  const registry = createRemoteRegistry(
    routes,
    (app, problem) => console.error(`The ${app} app cannot be loaded: ${problem}`),
    navigation,
  );
  const embeddedRegistry = takeEmbeddedJson<Partial<Record<string, RegistryEntry>>>(
    document,
    REMOTE_REGISTRY_ELEMENT_ID,
  );
  // `incompatible` may be missing: a page from an app server older than this shell.
  const shellState = takeEmbeddedJson<Partial<EmbeddedShellState>>(document, SHELL_STATE_ELEMENT_ID);
  if (embeddedRegistry) registry.registerEmbedded(embeddedRegistry, shellState?.incompatible);
  const store = createShellStore(
    () => window.location.pathname + window.location.search,
    routes,
    shellState?.error ?? null,
  );

  await yieldToMain();

  let markRemotesRegistered: () => void = () => undefined;
  const remotesRegistered = new Promise<void>((resolve) => (markRemotesRegistered = resolve));
  const { takeReload, guards, prefetch } = installShellFeatures({
    config,
    bus,
    session,
    api,
    appFetch,
    auth,
    queryClient,
    refreshSession,
    store,
    routes,
    remotesRegistered,
    remoteVersion: registry.version,
    remoteEntry: registry.entryUrl,
  });
  // Intent prefetch needs the registered remotes: until then a pointed-at link fetches nothing ahead.
  let prefetchOnIntent: (to: string) => void = () => undefined;
  const context: ShellContext = {
    bus,
    session,
    api,
    queryClient,
    config,
    colourMode,
    navigate: createNavigate(routes, takeReload),
    prefetch,
    prefetchOnIntent: (to) => prefetchOnIntent(to),
    slots: createSlotHost(registry, config, bus),
  };

  installRouteListeners({ store, routes, guardNavigation: guards.guardNavigation });
  redirectIfNeeded(routes);
  store.syncLocation();
  mountShellRoot(context, store, navigation);
  // Analytics, chat and tag manager: after the first render, never before it.
  startThirdPartiesWhenIdle({ config, bus });
  // The remotes start in a task of their own: on a slow phone the shell's start-up and the
  // remotes' registration and mount were one long task. Nothing waits on the network meanwhile —
  // the server's preload hints have the current app's files on their way already.
  await yieldToMain();
  const remotes = await startRemotes({
    context,
    config,
    appFetch,
    store,
    routes,
    registry,
    mayActivate: guards.mayActivate,
  });
  prefetchOnIntent = remotes.prefetchOnIntent;
  markRemotesRegistered();
  // The first URL's guards (later navigations run them from before-routing-event).
  void guards.guardNavigation();
})();
