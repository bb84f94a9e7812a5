import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  ContractError,
  SLOT_CONDITION_EVENT,
  slotConditionHolds,
  type LiveContribution,
  type RuntimeConfig,
} from '@steel/contract';
import { defaultStorage, withTimeLimit, type AppBus, type SlotHost, type SlotModule } from '@steel/shared';
import { reportRemoteFailure } from '../../features/failure-reports/report-remote-failure';
import { markStartUp } from '../../lib/start-up-marks';
import type { RemoteRegistryHolder } from './remote-registry';

/**
 * The mount prop `slots` (docs/architecture.md, "Extension slots"): which live apps contribute to
 * each slot (from the registry this page runs with), their `./slots` modules loaded once each
 * through the federation runtime — never for an app that cannot run beside this shell, never
 * longer than a remote's load may take — and a failing contribution reported as its own app's
 * `slot` failure, so the canary and the health monitor count it against the contributor.
 *
 * A contribution with a condition (`when`) is listed only while the condition holds, so its
 * app's code is not even fetched on a page where it would show nothing (the header's counter of
 * an empty basket); the list is checked again whenever a key it names may have changed.
 */
const NONE: readonly LiveContribution[] = [];

export function createSlotHost(
  registry: Pick<RemoteRegistryHolder, 'contributions' | 'onContributions' | 'incompatibility' | 'version'>,
  config: Pick<RuntimeConfig, 'remoteLoadTimeoutMs' | 'failureReportSampleRate'>,
  bus: Pick<AppBus, 'on' | 'off'>,
  storage: () => Pick<Storage, 'getItem'> | null = defaultStorage,
): SlotHost {
  const modules = new Map<string, Promise<SlotModule>>();
  return {
    contributions(slot) {
      const live = registry.contributions()[slot] ?? NONE;
      if (!live.some((contribution) => contribution.when)) return live;
      const store = storage();
      return live.filter((contribution) => slotConditionHolds(contribution.when, store));
    },
    subscribe(listener) {
      const changed = () => listener();
      const stopRegistry = registry.onContributions(listener);
      // A key changed by this page's contributor, by another tab, or by signing in or out here.
      window.addEventListener(SLOT_CONDITION_EVENT, changed);
      window.addEventListener('storage', changed);
      bus.on('session:changed', changed);
      return () => {
        stopRegistry();
        window.removeEventListener(SLOT_CONDITION_EVENT, changed);
        window.removeEventListener('storage', changed);
        bus.off('session:changed', changed);
      };
    },
    load(app) {
      const problem = registry.incompatibility(app);
      if (problem)
        return Promise.reject(new ContractError(`The live ${app} app cannot run beside this shell: ${problem}`));
      let loading = modules.get(app);
      if (!loading) {
        markStartUp(`${app}:slots-load`);
        loading = withTimeLimit(
          loadRemote<SlotModule | { default: SlotModule }>(`${app}/slots`).then((module) => {
            if (!module) throw new Error(`Remote ${app} exposed no ./slots module`);
            markStartUp(`${app}:slots-loaded`);
            // `export default slotModule(…)` (slot names are not identifiers), or the names themselves.
            return 'default' in module ? module.default : module;
          }),
          config.remoteLoadTimeoutMs,
          `The ${app} app's slots`,
        );
        // A failed load is tried again by the next slot that asks (a retry after a deploy, say).
        loading.catch(() => modules.delete(app));
        modules.set(app, loading);
      }
      return loading;
    },
    report(app, slot, error) {
      console.error(`[${app}] contribution to ${slot} failed`, error);
      reportRemoteFailure(
        {
          app,
          version: registry.version(app),
          kind: 'slot',
          route: window.location.pathname,
          message: `${slot}: ${error instanceof Error ? error.message : String(error)}`,
        },
        config.failureReportSampleRate,
      );
    },
  };
}
