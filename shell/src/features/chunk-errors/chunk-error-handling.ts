import type { RemoteName } from '@steel/contract';
import { installChunkLoadGuard, isCssChunkError, reloadApp, type AppBus } from '@steel/shared';
import { onFederationLoadError } from './chunk-error-channel';

let reloading = false;
let navigating = false;

/** True once a guarded reload was asked for: callers stop drawing failures the reload will replace. */
export const isReloadingForChunkError = () => reloading;

/** Set by the shell's routing listeners: a failed code load matters while a navigation runs. */
export function setNavigating(value: boolean) {
  navigating = value;
}

const currentPath = () => window.location.pathname + window.location.search;

/**
 * Chunk errors (docs/behaviour.md, "Chunk errors"): any failed load of code during navigation becomes `app:chunk-error`
 * on the bus and a guarded full load of the target path; when the guard refuses (that path was
 * reloaded within 10 s), the owning app shows its in-layout error page instead. A CSS-only failure
 * never reloads. Sources: the federation runtime plugin (remote entries, federation manifests, exposed
 * modules), the webpack chunk guard of each bundle, and the remote loader.
 */
/** Where an app's load failure is shown in the layout: the shell's store (the feature needs only this of it). */
export interface RemoteFailureDisplay {
  get(): { remoteFailures: Partial<Record<RemoteName, unknown>> };
  setRemoteFailure(app: RemoteName, failure: { error: unknown; retry: () => void }): void;
}

export function installChunkErrorHandling({
  bus,
  store,
  activeApp,
}: {
  bus: AppBus;
  store: RemoteFailureDisplay;
  activeApp: () => RemoteName | null;
}) {
  bus.on('app:chunk-error', ({ error, path }) => {
    if (reloading || isCssChunkError(error)) return;
    console.error('Failed to load code for', path, error);
    if (reloadApp({ path })) {
      reloading = true;
      return;
    }
    // Refused: the app keeps the layout and shows the error page's content with a retry.
    const app = activeApp();
    if (app && !store.get().remoteFailures[app]) {
      store.setRemoteFailure(app, { error, retry: () => void reloadApp({ path, force: true }) });
    }
  });

  window.addEventListener('single-spa:before-routing-event', () => setNavigating(true));
  window.addEventListener('single-spa:routing-event', () => setNavigating(false));

  // The shell's own lazy chunks.
  installChunkLoadGuard((error) => bus.emit('app:chunk-error', { error, path: currentPath() }));

  onFederationLoadError((error) => {
    // Outside a navigation (a prefetch, a retry the remote loader reports itself) it is only logged.
    if (!navigating) {
      console.warn('A remote failed to load outside navigation', error);
      return;
    }
    bus.emit('app:chunk-error', { error, path: currentPath() });
  });
}
