import { registerApplication, start } from 'single-spa';
import { REMOTE_NAMES, type AppFetch, type RemoteFailureKind, type RuntimeConfig, type ShellContext } from '@steel/shared';
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
 * Registers every remote with single-spa (each active on the paths its pages own) and starts
 * routing. Without an embedded registry, `/remotes.json` is fetched first; without any registry no
 * remote can load, and each then shows its in-layout error with a retry.
 */
export async function startRemotes({ context, config, appFetch, store, routes, registry, mayActivate }: StartRemotesOptions): Promise<void> {
  const refreshRegistry = async () => {
    await registry.refresh((url) => appFetch(url, { cache: 'no-store' }));
    store.rerouteLocation();
  };
  if (!routes.known()) await refreshRegistry().catch((error: unknown) => console.error('Failed to load /remotes.json', error));
  for (const app of REMOTE_NAMES) {
    const reportFailure = (kind: RemoteFailureKind, error: unknown) =>
      reportRemoteFailure(
        { app, version: registry.version(app), kind, route: window.location.pathname, message: error instanceof Error ? error.message : String(error) },
        config.failureReportSampleRate,
      );
    registerApplication({
      name: app,
      app: createRemoteApplication({ app, store, refreshRegistry, incompatibility: () => registry.incompatibility(app), reportFailure }),
      activeWhen: (location) => routes.owner(location.pathname) === app && mayActivate(location.pathname),
      customProps: { ...context, reportFailure, domElementGetter: () => document.getElementById(appContainerId(app)) as HTMLElement },
    });
  }
  start({ urlRerouteOnly: true });
}
