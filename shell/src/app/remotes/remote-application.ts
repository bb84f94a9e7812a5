import { loadRemote } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import type { RemoteName, ShellContext } from '@steel/shared';
import type { ShellStore } from '../state/shell-store';
import { isReloadingForChunkError } from '../../features/chunk-errors/chunk-error-handling';

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
 * mount; when the remote cannot be loaded (entry 404/500, network, timeout) they leave the app
 * "mounted" with nothing in it and ask the shell to show an in-layout error with a retry, so the
 * header, footer and the other remotes keep working.
 */
export function createRemoteApplication({ app, store, refreshRegistry }: RemoteApplicationOptions) {
  let loaded: Promise<RemoteLifecycles> | null = null;
  let mountedProps: ShellContext | null = null;
  let mountedRemote: RemoteLifecycles | null = null;

  function load(): Promise<RemoteLifecycles> {
    loaded ??= loadRemote<RemoteLifecycles>(`${app}/app`).then(async (module) => {
      if (!module) throw new Error(`Remote ${app} exposed no ./app module`);
      await module.bootstrap(mountedProps as ShellContext);
      return module;
    });
    loaded.catch(() => {
      loaded = null;
    });
    return loaded;
  }

  async function mountRemote(props: ShellContext) {
    let remote: RemoteLifecycles;
    // Loading a remote's code is part of the navigation: the loading bar runs (red on failure).
    props.bus.emit('page:loading:start', {});
    try {
      remote = await load();
      props.bus.emit('page:loading:end', {});
    } catch (error) {
      props.bus.emit('page:loading:end', { error: true });
      console.error(`Failed to load the ${app} app`, error);
      // A chunk error: the shell answers with one guarded reload of this path (behaviour §3).
      props.bus.emit('app:chunk-error', { error, path: window.location.pathname + window.location.search });
      // When that reload is under way, drawing the failure would only flash before the new page.
      if (!isReloadingForChunkError()) store.setRemoteFailure(app, { error, retry: () => void retry(props) });
      return;
    }
    if (mountedProps !== props) return; // unmounted while loading
    // A failure to mount is not a chunk error: it goes to single-spa and so to the error pipeline.
    await remote.mount(props);
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
    await mountRemote(props);
  }

  const lifecycles: LifeCycles<ShellContext> = {
    bootstrap: async () => undefined,
    mount: async (props) => {
      mountedProps = props;
      await mountRemote(props);
    },
    unmount: async (props) => {
      mountedProps = null;
      store.setRemoteFailure(app, null);
      if (mountedRemote) await mountedRemote.unmount(props);
      mountedRemote = null;
    },
  };
  return lifecycles;
}
