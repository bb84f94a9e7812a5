/**
 * What the console shows of one app, read from where the release keeps it: live.json (live,
 * canary, previous), the release log (who did what, the gate's words), the published versions and the
 * per-minute counts of views and failures (shared-state/failure-counts.ts).
 */
import { createHash } from 'node:crypto';
import type { AppName } from '../live-set/builds-folder';
import { previousVersion, readLive } from '../live-set/builds-folder';
import { type ReleaseLogEntry, readReleaseLog } from '../release/release-log';
import { type AppStatus, status } from '../release/status';
import type { CountStore, FailureCounts } from '../shared-state/failure-counts';

/** Minutes a chart covers at most: an hour of a release is what a team watches. */
export const CHART_MINUTES = 60;

export interface VersionFacts {
  version: string;
  /** The release-log line that last changed who sees it (activation, canary, promotion…). */
  since: ReleaseLogEntry | null;
  /** The gate's last word on it, with when and who asked. */
  gate: ReleaseLogEntry | null;
}

export interface AppView {
  app: AppName;
  status: AppStatus;
  live: VersionFacts | null;
  canary: (VersionFacts & { percent: number; startedAt: number }) | null;
  previous: VersionFacts | null;
  releaseLog: ReleaseLogEntry[];
  counts: FailureCounts;
  /** When the live set last changed. */
  updatedAt: number | null;
}

const GATE_WORDS = new Set<ReleaseLogEntry['action']>(['check', 'activate', 'canary', 'refused']);
const CHANGES = new Set<ReleaseLogEntry['action']>([
  'activate',
  'canary',
  'promote',
  'rollback',
  'auto-rollback',
  'abort',
  'auto-abort',
]);

function factsOf(releaseLog: ReleaseLogEntry[], version: string | null | undefined): VersionFacts | null {
  if (!version) return null;
  const own = releaseLog.filter((entry) => entry.version === version);
  return {
    version,
    since: own.filter((entry) => CHANGES.has(entry.action)).at(-1) ?? null,
    gate: own.filter((entry) => GATE_WORDS.has(entry.action)).at(-1) ?? null,
  };
}

/** The apps a key may see: its own, or every app for the platform team's key (null: all). */
export async function appView(buildsDir: string, counts: CountStore, app: AppName): Promise<AppView | null> {
  const [{ apps, updatedAt }, releaseLog, live, figures] = await Promise.all([
    status(buildsDir, counts),
    readReleaseLog(buildsDir, app),
    readLive(buildsDir),
    counts.read(),
  ]);
  const own = apps.find((entry) => entry.app === app);
  if (!own) return null;
  const canary = own.canary;
  return {
    app,
    status: own,
    live: factsOf(releaseLog, own.live),
    canary: canary
      ? { ...factsOf(releaseLog, canary.version)!, percent: canary.percent, startedAt: canary.startedAt }
      : null,
    previous: factsOf(releaseLog, previousVersion(live, app)),
    releaseLog,
    counts: figures,
    updatedAt,
  };
}

/** The apps there are (served: the shell and every registered app). */
export async function appNames(buildsDir: string, counts: CountStore): Promise<AppName[]> {
  return (await status(buildsDir, counts)).apps.map((entry) => entry.app);
}

/**
 * What the live update compares: who sees which version and the counts so far. The page carries
 * the one it was rendered with, so its stream speaks only of what changed after; when it changes,
 * open consoles fetch the page's live parts again.
 */
export function viewFingerprint(view: AppView): string {
  const { status: s } = view;
  const facts = JSON.stringify([
    view.updatedAt,
    s.live,
    s.failures,
    s.canary?.version,
    s.canary?.percent,
    s.canary?.failures,
    view.releaseLog.length,
  ]);
  // Short and opaque: it travels in the page and in the stream's URL.
  return createHash('sha256').update(facts).digest('base64url').slice(0, 16);
}
