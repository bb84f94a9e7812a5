import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { navigateToUrl, registerApplication, start, addErrorHandler } from 'single-spa';
import {
  REMOTE_NAMES,
  createAppFetch,
  createBus,
  createContentClient,
  createSessionStore,
  readRuntimeConfig,
  type ShellContext,
} from '@steel/shared';
import { ShellRoot, appContainerId } from './app/layout/shell-root';
import { findRedirect, matchRoute, validateRouteTable } from './app/routes/match-route';
import { createShellStore } from './app/state/shell-store';
import { loadRemoteRegistry } from './app/remotes/remote-registry';
import { createRemoteApplication } from './app/remotes/remote-application';

validateRouteTable();

const config = readRuntimeConfig();
const bus = createBus();
const session = createSessionStore({ config, bus });
const api = createContentClient({ baseUrl: config.cmsUrl, getToken: () => session.getToken(), bus });
const appFetch = createAppFetch({ bus });
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
const store = createShellStore();

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

const context: ShellContext = { bus, session, api, queryClient, config, navigate };

bus.on('app:error', (error) => store.showError(error));

window.addEventListener('single-spa:before-routing-event', () => {
  redirectIfNeeded();
});
window.addEventListener('single-spa:routing-event', () => store.syncLocation());
window.addEventListener('popstate', () => store.syncLocation());

addErrorHandler((error) => {
  console.error(`The ${error.appOrParcelName} app failed`, error);
});

async function main() {
  redirectIfNeeded();
  store.syncLocation();
  const rootElement = document.getElementById('shell-root');
  if (!rootElement) throw new Error('index.html has no #shell-root');
  createRoot(rootElement).render(
    <StrictMode>
      <ShellRoot context={context} store={store} />
    </StrictMode>,
  );

  const refreshRegistry = () => loadRemoteRegistry((url) => appFetch(url, { cache: 'no-store' }));
  try {
    await refreshRegistry();
  } catch (error) {
    // Without the registry no remote can load; each one then shows its in-layout error and retry.
    console.error('Failed to load /remotes.json', error);
  }

  for (const app of REMOTE_NAMES) {
    registerApplication({
      name: app,
      app: createRemoteApplication({ app, store, refreshRegistry }),
      activeWhen: (location) => matchRoute(location.pathname)?.definition.app === app,
      customProps: { ...context, domElementGetter: () => document.getElementById(appContainerId(app)) as HTMLElement },
    });
  }
  start({ urlRerouteOnly: true });
}

void main();
