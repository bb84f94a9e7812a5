import { loadRemote } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import type { RemoteName, ShellContext } from '@steel/shared';
import type { ShellStore } from '../state/shell-store';

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
    try {
      const remote = await load();
      if (mountedProps !== props) return; // unmounted while loading
      await remote.mount(props);
      mountedRemote = remote;
      store.setRemoteFailure(app, null);
    } catch (error) {
      console.error(`Failed to load the ${app} app`, error);
      props.bus.emit('app:chunk-error', { error, path: window.location.pathname + window.location.search });
      store.setRemoteFailure(app, { error, retry: () => void retry(props) });
    }
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
