import { loadRemote } from '@module-federation/enhanced/runtime';
import { markStartUp } from '../../lib/start-up-marks';
import type { LifeCycles } from 'single-spa';
import { ContractError, type RemoteFailureKind, type RemoteName } from '@steel/contract';
import {
  clearServerMarkup,
  isChunkLoadError,
  isLoadTimeoutError,
  withTimeLimit,
  yieldToMain,
  type ShellContext,
} from '@steel/shared';
import type { ShellStore } from '../state/shell-store';
import { isReloadingForChunkError } from '../../features/chunk-errors/chunk-error-handling';

/** What a remote's `./app` exports (single-spa-react lifecycles). */
interface RemoteLifecycles {
  bootstrap(props: ShellContext): Promise<unknown>;
  mount(props: ShellContext): Promise<unknown>;
  unmount(props: ShellContext): Promise<unknown>;
  /** Fetches a page's data and code ahead of a visit (a remote built before it has none). */
  prefetchPage?(path: string, context: ShellContext): Promise<unknown>;
}

interface RemoteApplicationOptions {
  app: RemoteName;
  store: ShellStore;
  /** Re-reads /remotes.json and re-registers the remotes before a retry. */
  refreshRegistry: () => Promise<unknown>;
  /** Why the live version cannot run beside this shell (checked before its code loads), or null. */
  incompatibility?: () => string | null;
  /** Tells the app server a remote failed in this browser (the deploying team sees it). */
  reportFailure?: (kind: RemoteFailureKind, error: unknown) => void;
  /** The element the remote is mounted into (its server markup, if any, is in it). */
  container?: () => HTMLElement | null;
}

/** A contract break: by name, since each app bundles its own copy of the kernel's class. */
const isContractError = (error: unknown) => error instanceof Error && error.name === 'ContractError';

/** What a failure to load or mount is, for the team's report: code that did not arrive (a refused digest too) is `load`. */
const failureKind = (error: unknown, otherwise: RemoteFailureKind): RemoteFailureKind =>
  isContractError(error) ? 'contract' : isChunkLoadError(error) ? 'load' : otherwise;

const currentUrl = () => window.location.pathname + window.location.search;

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
export function createRemoteApplication({
  app,
  store,
  refreshRegistry,
  incompatibility = () => null,
  reportFailure = () => undefined,
  container = () => null,
}: RemoteApplicationOptions) {
  let loaded: Promise<RemoteLifecycles> | null = null;
  let loadedModule: RemoteLifecycles | null = null;
  let mountedRemote: RemoteLifecycles | null = null;
  /** The remote's own mount while it runs, so an unmount can wait for it (never for a load). */
  let remoteMounting: Promise<unknown> | null = null;
  /** Bumped by every mount and unmount: a load that finishes for an earlier one mounts nothing. */
  let generation = 0;

  function load(props: ShellContext): Promise<RemoteLifecycles> {
    const problem = incompatibility();
    // Never run half a remote: one that breaks the contract is not even loaded.
    if (problem)
      return Promise.reject(new ContractError(`The live ${app} app cannot run beside this shell: ${problem}`));
    if (!loaded) markStartUp(`${app}:load`);
    loaded ??= withTimeLimit(
      loadRemote<RemoteLifecycles>(`${app}/app`).then(async (module) => {
        if (!module) throw new Error(`Remote ${app} exposed no ./app module`);
        await module.bootstrap(props);
        markStartUp(`${app}:loaded`);
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
    const firstLoad = loadedModule === null;
    // Loading a remote's code is part of the navigation: the loading bar runs (red on failure).
    props.bus.emit('page:loading:start', {});
    try {
      remote = await load(props);
      // A remote's code is evaluated as its last file arrives, in the same task as whatever follows:
      // the mount gets a task of its own, so a phone can paint and take input between the two.
      if (firstLoad) await yieldToMain();
      props.bus.emit('page:loading:end', {});
    } catch (error) {
      props.bus.emit('page:loading:end', { error: true });
      console.error(`Failed to load the ${app} app`, error);
      reportFailure(failureKind(error, 'load'), error);
      if (mine !== generation) return; // the visitor has gone elsewhere meanwhile
      // A hung load is not a stale deploy, nor is a contract break: a reload would not help.
      if (!isLoadTimeoutError(error) && !isContractError(error)) {
        // A chunk error: the shell answers with one guarded reload of this path (docs/behaviour.md, "Reload guard").
        props.bus.emit('app:chunk-error', { error, path: window.location.pathname + window.location.search });
      }
      showFailure(props, error);
      return;
    }
    if (mine !== generation) return; // unmounted (or mounted again) while loading
    // Cleared before the mount, not after: a render error the remote reports during its mount
    // (its hydration) is the failure to show.
    store.setRemoteFailure(app, null);
    remoteMounting = remote.mount(props);
    try {
      await remoteMounting;
    } finally {
      remoteMounting = null;
    }
    if (firstLoad) markStartUp(`${app}:mounted`);
    mountedRemote = remote;
  }

  /**
   * The in-layout error with a retry, in place of the remote — and of the server's markup of it,
   * which nothing will hydrate now: no dead page under the error.
   */
  function showFailure(props: ShellContext, error: unknown) {
    // When the reload guard's reload is under way, drawing the failure would only flash before the new page.
    if (isReloadingForChunkError()) return;
    clearServerMarkup(container());
    store.setRemoteFailure(app, { error, retry: () => void retry(props) });
  }

  async function retry(props: ShellContext) {
    store.setRemoteFailure(app, null);
    try {
      await refreshRegistry();
    } catch (error) {
      console.error('Failed to refresh /remotes.json', error);
    }
    // A remote whose render failed is mounted still: it is rendered afresh, from a new root.
    const crashed = mountedRemote;
    mountedRemote = null;
    if (crashed)
      await crashed.unmount(props).catch((error: unknown) => console.error(`Failed to unmount the ${app} app`, error));
    await mountRemote(props).catch((error: unknown) => reportMountFailure(props, error));
  }

  /**
   * A remote whose mount threw is contained like one that failed to load: the in-layout error
   * with a retry, the header, footer and other apps untouched — and the team is told.
   */
  function reportMountFailure(props: ShellContext, error: unknown) {
    console.error(`The ${app} app failed to mount`, error);
    reportFailure(failureKind(error, 'mount'), error);
    showFailure(props, error);
  }

  /**
   * What the remote itself reports (`reportFailure` in its props): told to the team, and a render
   * error its boundary caught — the remote renders nothing then — shown as the in-layout error of
   * that page, with a retry that renders the remote afresh. A chunk that failed to load while
   * rendering is a `load`, shown (after one guarded reload) by the chunk-error handling.
   */
  function remoteReported(props: ShellContext, kind: RemoteFailureKind, error: unknown) {
    if (kind === 'render' && isChunkLoadError(error)) {
      reportFailure('load', error);
      return;
    }
    reportFailure(kind, error);
    if (kind === 'render') store.setRemoteFailure(app, { error, url: currentUrl(), retry: () => void retry(props) });
  }

  const lifecycles: LifeCycles<ShellContext> & {
    prefetchPage: (path: string, props: ShellContext) => Promise<void>;
    remoteReported: (props: ShellContext, kind: RemoteFailureKind, error: unknown) => void;
  } = {
    bootstrap: () => Promise.resolve(),
    mount: async (props) => {
      generation += 1;
      const ready = loadedModule !== null;
      const mounting = mountRemote(props);
      const contained = mounting.catch((error: unknown) => reportMountFailure(props, error));
      // Code already here: single-spa waits for the mount (and sees it as mounted either way).
      return ready ? contained : undefined;
    },
    unmount: async (props) => {
      generation += 1;
      store.setRemoteFailure(app, null);
      if (remoteMounting) await remoteMounting.catch(() => undefined);
      if (mountedRemote) await mountedRemote.unmount(props);
      mountedRemote = null;
      // Whatever is left (the server's markup of a remote that never ran) goes with the app.
      clearServerMarkup(container());
    },
    /**
     * The visitor is heading to one of this app's pages (a link pointed at or focused): its code is
     * loaded and run now — as the mount would, moments later — and it fetches the page's data.
     * A failure here is not the visitor's: the navigation loads (and reports) again.
     */
    prefetchPage: async (path, props) => {
      try {
        const remote = await load(props);
        await remote.prefetchPage?.(path, props);
      } catch {
        // Left to the navigation, which shows and reports a real failure.
      }
    },
    remoteReported,
  };
  return lifecycles;
}
