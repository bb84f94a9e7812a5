import { registerApplication, start } from 'single-spa';
import type { RemoteFailureKind, RemoteName, RuntimeConfig } from '@steel/contract';
import { type AppFetch, type ShellContext } from '@steel/shared';
import { createIntentPrefetch } from '../../features/prefetch/intent-prefetch';
import { appContainerId } from '../layout/shell-root';
import type { LiveRoutes } from '../routes/match-route';
import type { ShellStore } from '../state/shell-store';
import { reportRemoteFailure } from '../../features/failure-reports/report-remote-failure';
import { createRemoteApplication } from './remote-application';
import type { RemoteRegistryHolder } from './remote-registry';

export interface StartRemotesOptions {
  context: ShellContext;
  config: RuntimeConfig;
  appFetch: AppFetch;
  store: ShellStore;
  routes: LiveRoutes;
  registry: RemoteRegistryHolder;
  /** Whether the route of a path may mount now (its guards). */
  mayActivate: (pathname: string) => boolean;
}

/**
 * Registers every remote the registry names with single-spa (each active on the paths its pages
 * own) and starts routing; a remote that a later registry names (registered and deployed since the
 * page loaded) is registered then. No remote's name is compiled in: the registry is the list.
 * Without an embedded registry, `/remotes.json` is fetched first; without any registry no remote
 * can load. Returns the intent prefetch (a link pointed at or focused loads its app and that
 * page's data).
 */
export async function startRemotes({
  context,
  config,
  appFetch,
  store,
  routes,
  registry,
  mayActivate,
}: StartRemotesOptions): Promise<{ prefetchOnIntent: (to: string) => void }> {
  const refreshRegistry = async () => {
    await registry.refresh((url) => appFetch(url, { cache: 'no-store' }));
    store.rerouteLocation();
    registerNewApps();
  };
  const applications = new Map<
    RemoteName,
    { prefetchPage(path: string, props: ShellContext): Promise<void>; props: ShellContext }
  >();
  // What links in every app (and the shell's own) call on pointer or focus intent.
  const prefetchOnIntent = createIntentPrefetch({
    owner: (pathname) => (mayActivate(pathname) ? routes.owner(pathname) : null),
    prefetchPage: (app, path) => {
      const application = applications.get(app);
      return application ? application.prefetchPage(path, application.props) : Promise.resolve();
    },
  });
  const registerApp = (app: RemoteName) => {
    const reportFailure = (kind: RemoteFailureKind, error: unknown) =>
      reportRemoteFailure(
        {
          app,
          version: registry.version(app),
          kind,
          route: window.location.pathname,
          message: error instanceof Error ? error.message : String(error),
        },
        config.failureReportSampleRate,
      );
    const container = () => document.getElementById(appContainerId(app));
    const application = createRemoteApplication({
      app,
      store,
      refreshRegistry,
      incompatibility: () => registry.incompatibility(app),
      reportFailure,
      container,
    });
    const props: ShellContext & { domElementGetter: () => HTMLElement } = {
      ...context,
      // The remote's own reports (a render error, a hydration mismatch) reach its application, which shows them.
      reportFailure: (kind, error) => application.remoteReported(props, kind, error),
      domElementGetter: () => container() as HTMLElement,
    };
    applications.set(app, { prefetchPage: application.prefetchPage, props });
    registerApplication({
      name: app,
      app: application,
      activeWhen: (location) => routes.owner(location.pathname) === app && mayActivate(location.pathname),
      customProps: props,
    });
  };
  /** Each remote the live routes name and single-spa does not know yet. */
  function registerNewApps() {
    for (const app of routes.apps()) if (!applications.has(app)) registerApp(app);
  }
  if (!routes.known())
    await refreshRegistry().catch((error: unknown) => console.error('Failed to load /remotes.json', error));
  registerNewApps();
  start({ urlRerouteOnly: true });
  return { prefetchOnIntent };
}
