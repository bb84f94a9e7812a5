/**
 * Release health: a canary whose browsers fail more than the live version's, or a version just
 * activated whose browsers fail more than the one it replaced, is taken back by itself — the
 * canary aborted, the activation rolled back — and the release log says so, with the figures.
 *
 * Failures per view (shared-state/failure-counts.ts): a canary is judged against the live version over the
 * same minutes; a fresh activation against its predecessor's last day. A version is judged only
 * once it has `minViews` views, so one unlucky visitor decides nothing. Every app server runs the
 * monitor; the deploy lock and the expected version make the second to decide a no-op. It acts
 * through change-live.ts's `changeLive`, as a person would: the release-log line and the notice to the
 * app servers come from there, once per change.
 *
 * Reports are anonymous (counted only for the version the reporting visitor is served), so the
 * worst a forger achieves is the safe direction: a canary ended, a version put back.
 */
import { NothingToRollBack } from './live-file-writes';
import { NoCanary } from './canary';
import { type AppName, previousVersion, readLive } from '../live-set/builds-folder';
import {
  type CountStore,
  failureRate,
  failuresSince,
  fileCountStore,
  type VersionFailures,
} from '../shared-state/failure-counts';
import { changeLive } from './change-live';
import type { HealthRules } from '../config';

export interface HealthVerdict {
  app: AppName;
  action: 'abort' | 'rollback';
  version: string;
  /** The figures that decided, as recorded in the release log. */
  why: string;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const figures = (label: string, counts: VersionFailures) =>
  `${label} ${percent(failureRate(counts))} (${counts.total} failures in ${counts.views} views)`;

/** What the monitor would do now, from live.json and the counts (no change made). */
export async function judgeReleases(
  buildsDir: string,
  rules: HealthRules,
  now: number = Date.now(),
  countStore: CountStore = fileCountStore(buildsDir),
): Promise<HealthVerdict[]> {
  const live = await readLive(buildsDir);
  if (!live) return [];
  const counts = await countStore.read();
  const verdicts: HealthVerdict[] = [];
  const exceeds = (candidate: VersionFailures, baseline: VersionFailures) =>
    candidate.views >= rules.minViews && failureRate(candidate) - failureRate(baseline) > rules.margin;

  for (const [app, current] of Object.entries(live.versions)) {
    if (!current) continue;
    const canary = live.canary?.[app];
    if (canary) {
      const tried = failuresSince(counts, app, canary.version, canary.startedAt);
      const stable = failuresSince(counts, app, current, canary.startedAt);
      if (exceeds(tried, stable)) {
        verdicts.push({
          app,
          action: 'abort',
          version: canary.version,
          why: `health: ${figures('canary', tried)} vs ${figures(`live ${current}`, stable)}, margin ${percent(rules.margin)}`,
        });
      }
      continue;
    }
    const activatedAt = live.activatedAt?.[app];
    const previous = previousVersion(live, app);
    if (!activatedAt || !previous || now - activatedAt > rules.rollbackWindowMs) continue;
    const fresh = failuresSince(counts, app, current, activatedAt);
    const before = failuresSince(counts, app, previous, 0);
    if (exceeds(fresh, before)) {
      verdicts.push({
        app,
        action: 'rollback',
        version: current,
        why: `health: ${figures('new', fresh)} vs ${figures(`previous ${previous}`, before)}, margin ${percent(rules.margin)}`,
      });
    }
  }
  return verdicts;
}

/**
 * Judges every `checkMs` and acts; returns a stop function. With `hearLiveChanges` (the live
 * store's `onChange`), it also judges as soon as the live set changed — by anyone — so a verdict is
 * never taken on a live set another writer has just replaced without looking again.
 */
export function startHealthMonitor(
  buildsDir: string,
  rules: HealthRules,
  log: { warn(details: object, message: string): void; error(details: object, message: string): void },
  /** Called after the monitor changed live.json (every app server then rereads it). */
  onLiveChanged: () => Promise<void> | void = () => {},
  countStore: CountStore = fileCountStore(buildsDir),
  hearLiveChanges?: (listener: () => void) => () => void,
): () => void {
  let running = false;
  const judgeAndAct = () => {
    if (running) return;
    running = true;
    void (async () => {
      for (const verdict of await judgeReleases(buildsDir, rules, Date.now(), countStore)) {
        try {
          await changeLive(
            buildsDir,
            verdict.app,
            { action: verdict.action, expectedVersion: verdict.version, why: verdict.why },
            { by: 'health monitor', onLiveChanged },
          );
          // The decision, one structured line (the action it took is the deploy line beside it).
          log.warn(
            { event: 'health-monitor', ...verdict, by: 'health monitor' },
            `${verdict.app} ${verdict.version}: ${verdict.action === 'abort' ? 'canary aborted' : 'rolled back'} by the health monitor`,
          );
        } catch (error) {
          // Another server (or a person) acted first.
          if (!(error instanceof NoCanary) && !(error instanceof NothingToRollBack)) throw error;
        }
      }
    })()
      .catch((error: unknown) => log.error({ err: error }, 'the health monitor failed'))
      .finally(() => (running = false));
  };
  const timer = setInterval(judgeAndAct, rules.checkMs);
  timer.unref();
  const stopHearing = hearLiveChanges?.(judgeAndAct) ?? (() => {});
  return () => {
    clearInterval(timer);
    stopHearing();
  };
}
