import type { LiveSetNotice, RemoteName, RuntimeConfig } from '@steel/contract';
import type { AppBus, AppFetch } from '@steel/shared';
import { followLiveSet } from './live-set-stream';
import { createVersionPoller } from './version-poller';

/** What the feature needs of the shell's store: the remotes showing their in-layout failure. */
export interface FailedRemotes {
  get(): { remoteFailures: Partial<Record<RemoteName, { retry(): void }>> };
}

interface VersionCheckOptions {
  bus: AppBus;
  appFetch: AppFetch;
  config: RuntimeConfig;
  store: FailedRemotes;
  /** The version of a remote this page runs (or last tried to run). */
  remoteVersion: (app: RemoteName) => string;
}

/**
 * Learns of a deploy from the server's push (live-set-stream.ts), with the poll (docs/behaviour.md,
 * "Version polling") as the fallback, and turns the first navigation after it into a full page
 * load. `navigate` asks `takeReload()` before it moves; back/forward and remotes' own router links
 * are caught here, when single-spa is about to route to the (already changed) URL.
 *
 * A remote showing its in-layout failure is retried once when a new version of it goes live: the
 * fix its team just deployed reaches the open tab without a reload. Nothing else changes under the
 * visitor (a half-filled form stays as it is).
 */
export function installVersionCheck({ bus, appFetch, config, store, remoteVersion }: VersionCheckOptions) {
  const poller = createVersionPoller({
    fetchJson: appFetch,
    bus,
    buildId: config.buildId,
    intervalMs: config.versionCheckIntervalMs,
  });
  const stream = followLiveSet((notice) => {
    retryFailedRemotes(notice);
    // One new live set is all this page needs to know: the next navigation loads it whole.
    if (poller.notice(notice)) stream.close();
  });
  const retried = new Set<string>();
  function retryFailedRemotes(notice: LiveSetNotice) {
    for (const [app, failure] of Object.entries(store.get().remoteFailures) as Array<[RemoteName, { retry(): void }]>) {
      const version = notice.versions[app];
      if (!version || version === remoteVersion(app) || retried.has(`${app}@${version}`)) continue;
      retried.add(`${app}@${version}`);
      failure.retry();
    }
  }
  window.addEventListener('single-spa:before-routing-event', () => {
    // The URL already is the target here: loading it is the full page load.
    if (poller.takeReload()) window.location.assign(window.location.href);
  });
  poller.start();
  return poller;
}
