import { loadRemote } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import type { RemoteName, ShellContext } from '@steel/shared';
import type { ShellStore } from '../state/shell-store';
import { isReloadingForChunkError } from '../../features/chunk-errors/chunk-error-handling';
import { toAppError } from '../../features/errors/error-pipeline';
import { isLoadTimeoutError, withTimeLimit } from '../../features/load-timeouts/with-time-limit';

/** What a remote's `./app` exports (single-spa-react lifecycles). */
interface RemoteLifecycles {
  bootstrap(props: ShellContext): Promise<unknown>;
  mount(props: ShellContext): Promise<unknown>;
  unmount(props: ShellContext): Promise<unknown>;
}

interface RemoteApplicationOptions {
  app: RemoteName;
  store: ShellStore;
  /** Re-reads /remotes.json and re-registers the remotes before a retry. */
  refreshRegistry: () => Promise<unknown>;
}

/**
 * The lifecycles single-spa sees for a remote. They load the remote's real lifecycles on first
 * mount; when the remote cannot be loaded (entry 404/500, network) or does not load within the
 * runtime config's `remoteLoadTimeoutMs`, they leave the app "mounted" with nothing in it and ask
 * the shell to show an in-layout error with a retry, so the header, footer and the other remotes
 * keep working.
 *
 * `mount` does not wait for a load: single-spa runs app changes one after another, so a remote
 * whose files hung used to hold every later navigation, to any app, until a full reload.
 */
export function createRemoteApplication({ app, store, refreshRegistry }: RemoteApplicationOptions) {
  let loaded: Promise<RemoteLifecycles> | null = null;
  let loadedModule: RemoteLifecycles | null = null;
  let mountedRemote: RemoteLifecycles | null = null;
  /** The remote's own mount while it runs, so an unmount can wait for it (never for a load). */
  let remoteMounting: Promise<unknown> | null = null;
  /** Bumped by every mount and unmount: a load that finishes for an earlier one mounts nothing. */
  let generation = 0;

  function load(props: ShellContext): Promise<RemoteLifecycles> {
    loaded ??= withTimeLimit(
      loadRemote<RemoteLifecycles>(`${app}/app`).then(async (module) => {
        if (!module) throw new Error(`Remote ${app} exposed no ./app module`);
        await module.bootstrap(props);
        loadedModule = module;
        return module;
      }),
      props.config.remoteLoadTimeoutMs,
      `The ${app} app`,
    );
    loaded.catch(() => {
      loaded = null;
    });
    return loaded;
  }

  async function mountRemote(props: ShellContext) {
    const mine = generation;
    let remote: RemoteLifecycles;
    // Loading a remote's code is part of the navigation: the loading bar runs (red on failure).
    props.bus.emit('page:loading:start', {});
    try {
      remote = await load(props);
      props.bus.emit('page:loading:end', {});
    } catch (error) {
      props.bus.emit('page:loading:end', { error: true });
      console.error(`Failed to load the ${app} app`, error);
      if (mine !== generation) return; // the visitor has gone elsewhere meanwhile
      // A hung load is not a stale deploy: a reload would only wait as long again.
      if (!isLoadTimeoutError(error)) {
        // A chunk error: the shell answers with one guarded reload of this path (behaviour §3).
        props.bus.emit('app:chunk-error', { error, path: window.location.pathname + window.location.search });
      }
      // When that reload is under way, drawing the failure would only flash before the new page.
      if (!isReloadingForChunkError()) store.setRemoteFailure(app, { error, retry: () => void retry(props) });
      return;
    }
    if (mine !== generation) return; // unmounted (or mounted again) while loading
    remoteMounting = remote.mount(props);
    try {
      await remoteMounting;
    } finally {
      remoteMounting = null;
    }
    mountedRemote = remote;
    store.setRemoteFailure(app, null);
  }

  async function retry(props: ShellContext) {
    store.setRemoteFailure(app, null);
    try {
      await refreshRegistry();
    } catch (error) {
      console.error('Failed to refresh /remotes.json', error);
    }
    await mountRemote(props).catch((error: unknown) => reportMountFailure(props, error));
  }

  /** A mount that failed after single-spa's own mount returned goes to the same error pipeline. */
  function reportMountFailure(props: ShellContext, error: unknown) {
    props.bus.emit('app:error', toAppError(error, { fatal: true, message: `The ${app} app failed: ${error instanceof Error ? error.message : String(error)}` }));
  }

  const lifecycles: LifeCycles<ShellContext> = {
    bootstrap: async () => undefined,
    mount: async (props) => {
      generation += 1;
      const ready = loadedModule !== null;
      const mounting = mountRemote(props);
      // Code already here: wait, so a failing mount reaches single-spa's error handler as before.
      if (ready) return mounting;
      mounting.catch((error: unknown) => reportMountFailure(props, error));
      return undefined;
    },
    unmount: async (props) => {
      generation += 1;
      store.setRemoteFailure(app, null);
      if (remoteMounting) await remoteMounting.catch(() => undefined);
      if (mountedRemote) await mountedRemote.unmount(props);
      mountedRemote = null;
    },
  };
  return lifecycles;
}
