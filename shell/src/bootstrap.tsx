import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { navigateToUrl, registerApplication, start, triggerAppChange, getAppStatus, NOT_LOADED } from 'single-spa';
import { loadRemote, registerPlugins } from '@module-federation/enhanced/runtime';
import {
  REMOTE_NAMES,
  createAppFetch,
  createBus,
  createAuth,
  createColourMode,
  createContentClient,
  createSessionRefresher,
  createSessionStore,
  identifierPrefix,
  readRuntimeConfig,
  REMOTE_REGISTRY_ELEMENT_ID,
  SHELL_STATE_ELEMENT_ID,
  takeEmbeddedJson,
  type AppError,
  type RemoteRegistry,
  watchSessionAcrossTabs,
  type ShellContext,
} from '@steel/shared';
import { ShellRoot, appContainerId } from './app/layout/shell-root';
import { findRedirect, matchRoute, owningRemote, validateRouteTable } from './app/routes/match-route';
import { createShellStore } from './app/state/shell-store';
import { loadRemoteRegistry, registerRemoteRegistry } from './app/remotes/remote-registry';
import { createRemoteApplication } from './app/remotes/remote-application';
import { installErrorPipeline } from './features/errors/error-pipeline';
import { installChunkErrorHandling } from './features/chunk-errors/chunk-error-handling';
import { installLoadingBar } from './features/loading-bar/install-loading-bar';
import { remoteLoadTimeoutPlugin } from './features/load-timeouts/remote-load-timeout-plugin';
import { installVersionCheck } from './features/version-check/install-version-check';
import { createAuthGuard } from './features/guards/auth-guard';
import { applyCachePolicy } from './features/guards/cache-policy';
import { createPrefetcher } from './features/prefetch/create-prefetcher';
import { confirmSession } from './features/session/confirm-session';
import { followSessionChanges } from './features/session/follow-session';
import { startThirdPartiesWhenIdle } from './features/third-parties/start-third-parties';

validateRouteTable();

const config = readRuntimeConfig();
const bus = createBus();
const session = createSessionStore({ config, bus });
// Access tokens live minutes: a 401 gets one refresh (the CMS's httpOnly cookie) and one retry.
const refreshSession = createSessionRefresher({ cmsUrl: config.cmsUrl, session });
const api = createContentClient({
  baseUrl: config.cmsUrl,
  getToken: () => session.getToken(),
  refreshToken: refreshSession,
  bus,
  // The CMS refused the token this page holds: the session is over (a newer token is kept).
  onUnauthorized: (token) => {
    if (session.getToken() === token) session.clear();
  },
});
const appFetch = createAppFetch({ bus });
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
// A server-rendered page says what it was rendered with: the remote versions (loaded exactly, so
// HTML and code always match, even right after a deploy) and the shell's state (a fatal error).
const embeddedRegistry = takeEmbeddedJson<Partial<RemoteRegistry>>(document, REMOTE_REGISTRY_ELEMENT_ID);
const embeddedShellState = takeEmbeddedJson<{ error: (AppError & { url: string }) | null }>(document, SHELL_STATE_ELEMENT_ID);
const store = createShellStore(() => window.location.pathname + window.location.search, embeddedShellState?.error ?? null);
registerPlugins([remoteLoadTimeoutPlugin(config.remoteLoadTimeoutMs)]); // a hung remote entry fails in time (§6)
// Behaviour §2: a new deploy makes the next navigation a full page load (see navigate).
const versionPoller = installVersionCheck({ bus, appFetch, config });
// The shown user is a display cache: confirmed against the CMS once per page load (issue 12).
const auth = createAuth({ client: api, session });
const sessionReady = confirmSession({ session, appFetch, auth, refresh: refreshSession });
const authGuard = createAuthGuard({ session, ready: sessionReady, fetchUser: () => auth.fetchUser() });

/** Routes whose guards include `auth` mount only for a signed-in visitor (see guardNavigation). */
function mayActivate(pathname: string): boolean {
  const route = matchRoute(pathname);
  return !route?.definition.guards.includes('auth') || session.isAuthenticated();
}

/**
 * Runs the route's guards for the URL being navigated to (architecture §3). `cache` switches the
 * shared query defaults at once; `auth` may have to load the user, so until it resolves the
 * panel's activeWhen stays false (nothing mounts), then either single-spa is re-triggered or the
 * URL is replaced with the sign-in page. Awaitable, so the shell's routing listener (loading bar)
 * can wrap it.
 */
async function guardNavigation(): Promise<void> {
  const route = matchRoute(window.location.pathname);
  if (!route) return;
  applyCachePolicy(queryClient, route.definition.guards);
  if (!route.definition.guards.includes('auth') || session.isAuthenticated()) return;
  const wanted = window.location.pathname + window.location.search;
  const result = await authGuard.check(wanted);
  // The visitor went elsewhere meanwhile: that navigation runs its own guards.
  if (window.location.pathname + window.location.search !== wanted) return;
  if (result.allowed) void triggerAppChange();
  else window.history.replaceState(window.history.state, '', result.redirectTo);
}

let markRemotesRegistered: () => void = () => undefined;
const remotesRegistered = new Promise<void>((resolve) => {
  markRemotesRegistered = resolve;
});

/** Resolves once single-spa has finished the first page's app changes (mounts included). */
const firstPageShown = new Promise<void>((resolve) => window.addEventListener('single-spa:routing-event', () => resolve(), { once: true }));

/** Behaviour §10: preload the code of the remote owning a visible link's target, once. */
const prefetcher = createPrefetcher({
  resolveApp: owningRemote,
  // null = not registered yet (remotes.json still loading): not loaded, preload waits below.
  isLoaded: (app) => {
    const status = getAppStatus(app);
    return status !== null && status !== NOT_LOADED;
  },
  preload: async (app) => {
    await remotesRegistered;
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

/** Follows a redirect; an absolute target (another site) is a full browser navigation. */
function redirectIfNeeded(): boolean {
  const target = findRedirect(window.location.pathname);
  if (!target) return false;
  if (/^[a-z][a-z\d+.-]*:/i.test(target)) window.location.assign(target);
  else window.history.replaceState(window.history.state, '', target);
  return true;
}

function navigate(to: string, options?: { replace?: boolean }) {
  const url = new URL(to, window.location.href);
  if (versionPoller.takeReload()) {
    window.location.assign(url.href);
    return;
  }
  const route = matchRoute(url.pathname);
  // Another origin, or a path the app server answers: let the browser load it.
  if (url.origin !== window.location.origin || route?.definition.app === 'server') {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  if (options?.replace) window.history.replaceState(window.history.state, '', target);
  else navigateToUrl(target);
}

// Colour mode (behaviour §9): the head script already set the class; this keeps it live.
const colourMode = createColourMode();
const context: ShellContext = { bus, session, api, queryClient, config, navigate, colourMode, prefetch: (to) => void prefetcher.prefetch(to) };

// Errors, chunk errors and the loading bar (behaviour §1, §3, §4).
installErrorPipeline({ bus, store });
installChunkErrorHandling({
  bus,
  store,
  activeApp: () => owningRemote(window.location.pathname),
});
installLoadingBar({ bus });

// Sessions across tabs: a sign-in or sign-out elsewhere, or a 401, is followed here at once.
watchSessionAcrossTabs(session);
followSessionChanges({
  bus,
  session,
  queryClient,
  isGuarded: (pathname) => Boolean(matchRoute(pathname)?.definition.guards.includes('auth')),
  currentPath: () => window.location.pathname + window.location.search,
  leave: (to) => window.history.replaceState(window.history.state, '', to),
});

window.addEventListener('single-spa:before-routing-event', () => {
  redirectIfNeeded();
  void guardNavigation();
});
window.addEventListener('single-spa:routing-event', () => store.syncLocation());
window.addEventListener('popstate', () => store.syncLocation());

async function main() {
  redirectIfNeeded();
  store.syncLocation();
  const rootElement = document.getElementById('shell-root');
  if (!rootElement) throw new Error('index.html has no #shell-root');
  const shell = (
    <StrictMode>
      <ShellRoot context={context} store={store} />
    </StrictMode>
  );
  // Server markup (public pages) is hydrated; the panel and sign-in pages arrive empty.
  if (rootElement.firstElementChild) hydrateRoot(rootElement, shell, { identifierPrefix: identifierPrefix('shell') });
  else createRoot(rootElement, { identifierPrefix: identifierPrefix('shell') }).render(shell);
  // Analytics, chat and tag manager (behaviour §11): after the first render, never before it.
  startThirdPartiesWhenIdle({ config, bus });

  const refreshRegistry = () => loadRemoteRegistry((url) => appFetch(url, { cache: 'no-store' }));
  try {
    // The embedded registry spares a round trip before the first mount; /remotes.json otherwise.
    if (embeddedRegistry) registerRemoteRegistry(embeddedRegistry);
    else await refreshRegistry();
  } catch (error) {
    // Without the registry no remote can load; each one then shows its in-layout error and retry.
    console.error('Failed to load /remotes.json', error);
  }

  for (const app of REMOTE_NAMES) {
    registerApplication({
      name: app,
      app: createRemoteApplication({ app, store, refreshRegistry }),
      activeWhen: (location) => owningRemote(location.pathname) === app && mayActivate(location.pathname),
      customProps: { ...context, domElementGetter: () => document.getElementById(appContainerId(app)) as HTMLElement },
    });
  }
  markRemotesRegistered();
  // The first URL's guards (later navigations run them from before-routing-event).
  void guardNavigation();
  start({ urlRerouteOnly: true });
}

void main();
