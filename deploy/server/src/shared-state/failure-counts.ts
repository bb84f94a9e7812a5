/**
 * Remote failures seen in visitors' browsers, counted per app version and per minute — what
 * `deploy status` shows the team that deployed a version, since its activation, and what the
 * health monitor judges canaries by. Each app server adds its counts at most once a second to a
 * CountStore: the platform state's counts (BUILDS_DIR/failure-counts.json beside live.json by
 * default: one server, or several on one folder), or Redis in the production arrangement
 * (shared-state/redis-state.ts).
 */
import type { RemoteFailureKind as FailureKind } from '@steel/contract';
import type { AppName } from '../live-set/builds-folder';
import type { CountKind, CountRecords, VersionCounts } from '../platform-state/platform-state';
import { stateOfFolder } from '../platform-state/state-of-folder';
import type { ServerMetrics } from '../observability/metrics';

/**
 * What is counted (`CountKind`): each kind of failure, and `view` — a page of the app served by an
 * app server, the denominator of a version's failure rate (client-side navigations into an app
 * are not counted, so rates read high; the canary and the live version are measured alike).
 */
export type { CountKind };

/** `app@version` → minute (ms since epoch, floored) → count per kind. */
export type FailureCounts = VersionCounts;

const FLUSH_DELAY_MS = 1000;

const keyOf = (app: AppName, version: string) => `${app}@${version}`;

/** Where the app servers' counts add up. */
export type CountStore = CountRecords;

export function readFailureCounts(buildsDir: string): Promise<FailureCounts> {
  return fileCountStore(buildsDir).read();
}

export type VersionFailures = { total: number; views: number } & Partial<Record<FailureKind, number>>;

/** Failures (per kind and in all) and views of one version since a moment (its activation). */
export function failuresSince(counts: FailureCounts, app: AppName, version: string, since: number): VersionFailures {
  const sums: Partial<Record<FailureKind, number>> = {};
  let total = 0;
  let views = 0;
  for (const [minute, kinds] of Object.entries(counts[keyOf(app, version)] ?? {})) {
    // The activation's own minute counts: its failures are the new version's.
    if (Number(minute) + 60_000 <= since) continue;
    for (const [kind, count] of Object.entries(kinds) as [CountKind, number][]) {
      if (kind === 'view') {
        views += count;
        continue;
      }
      sums[kind] = (sums[kind] ?? 0) + count;
      total += count;
    }
  }
  return { total, views, ...sums };
}

/**
 * The share of views that failed (0 with no views). One broken view often sends several reports
 * (the error its code throws, then the load that failed with it), so the rate is capped at 1:
 * reports are anonymous and cannot be matched to views, and a rate over 100 % reads as nonsense.
 */
export const failureRate = (figures: VersionFailures) =>
  figures.views > 0 ? Math.min(1, figures.total / figures.views) : 0;

/**
 * The counts of the builds folder's platform state, kept for a day. Every app server on the folder
 * adds to the one total, so no server's counts overwrite another's.
 */
export function fileCountStore(buildsDir: string): CountStore {
  return stateOfFolder(buildsDir).counts;
}

/**
 * The app server's recorder: counts in memory, added to the store (a builds folder's file, or
 * another CountStore) shortly after they start.
 */
export function createFailureRecorder(target: string | CountStore, now: () => number = Date.now) {
  const store = typeof target === 'string' ? fileCountStore(target) : target;
  let pending: FailureCounts = {};
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    timer = null;
    const batch = pending;
    if (Object.keys(batch).length === 0) return;
    pending = {};
    // One batch at a time; a batch the store could not take is dropped rather than stall the server.
    writing = writing.then(() => store.add(batch)).catch(() => undefined);
    await writing;
  }

  return {
    record(app: AppName, version: string, kind: CountKind): void {
      const minute = String(Math.floor(now() / 60_000) * 60_000);
      const bucket = ((pending[keyOf(app, version)] ??= {})[minute] ??= {});
      bucket[kind] = (bucket[kind] ?? 0) + 1;
      timer ??= setTimeout(() => void flush(), FLUSH_DELAY_MS);
    },
    /** Writes what is pending now (on close, and for tests). */
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      await flush();
    },
  };
}

export type FailureRecorder = ReturnType<typeof createFailureRecorder>;

/** The recorder, each view and failure also counted in this server's metrics (per version, as browsers report them). */
export function countedInMetrics(recorder: FailureRecorder, metrics: ServerMetrics): FailureRecorder {
  return {
    ...recorder,
    record(app, version, kind) {
      metrics.browserReports.inc({ app, version, kind });
      recorder.record(app, version, kind);
    },
  };
}

/** For the gate's trial server: what its smoke visits see is not what visitors see, so none of it counts. */
export const UNCOUNTED: FailureRecorder = { record() {}, async flush() {} };
