import type { AppBus, AppFetch, RuntimeConfig } from '@steel/shared';
import { createVersionPoller } from './version-poller';

/**
 * Starts the poller (docs/behaviour.md, "Version polling") and turns the first navigation after a new deploy into a full
 * page load. `navigate` asks `takeReload()` before it moves; back/forward and remotes' own router
 * links are caught here, when single-spa is about to route to the (already changed) URL.
 */
export function installVersionCheck({ bus, appFetch, config }: { bus: AppBus; appFetch: AppFetch; config: RuntimeConfig }) {
  const poller = createVersionPoller({ fetchJson: appFetch, bus, buildId: config.buildId, intervalMs: config.versionCheckIntervalMs });
  window.addEventListener('single-spa:before-routing-event', () => {
    // The URL already is the target here: loading it is the full page load.
    if (poller.takeReload()) window.location.assign(window.location.href);
  });
  poller.start();
  return poller;
}
