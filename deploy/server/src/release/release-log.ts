/**
 * The release log: one JSON line per publish, gate check, activation (forced or not), refused
 * activation, rollback, canary step, override issued and app registered or removed, appended to
 * the platform state's log (the builds folder's release-log.jsonl by default, folder-state.ts)
 * and never rewritten — who changed what is live, when, from which
 * version, and what the gate said. A refusal is a line too (`refused`, with the gate's word):
 * someone tried, and the live set stayed as it was. (Not the rollback stack: live.json's previous
 * versions per app, builds-folder.ts.)
 */
import os from 'node:os';
import { reportDeployEvent } from '../observability/deploy-events';
import { stateOfFolder } from '../platform-state/state-of-folder';
import type { AppName, ReleaseAction, ReleaseLogEntry } from '../platform-state/platform-state';

export type { ReleaseLogEntry };
/** What a line records: platform-state.ts has each action's meaning. */
export type ReleaseLogAction = ReleaseAction;

/** Who acts, when the caller names no one: the OS user (the local CLI, `npm run build`). */
export const localUser = () => os.userInfo().username;

export async function appendToReleaseLog(buildsDir: string, entry: Omit<ReleaseLogEntry, 'at'>): Promise<void> {
  await stateOfFolder(buildsDir).releaseLog.append(entry);
  // In the app server, also a log line and a count (the local CLI's context has no one to tell).
  reportDeployEvent(entry);
}

/**
 * What the line says happened, in words that read the right way round for each action: a version
 * made live "was" the one before it, but a canary or an abort leaves the live version in place.
 */
export function describeEntry(entry: ReleaseLogEntry): string {
  const { version } = entry;
  const live = entry.previous ?? 'nothing';
  const stays = entry.previous ? `${entry.previous} stays live` : 'nothing live';
  switch (entry.action) {
    case 'publish':
      return `${version} published`;
    case 'check':
      return `${version} checked (live: ${live})`;
    case 'refused':
      return `${version} refused (${stays})`;
    case 'activate':
    case 'promote':
    case 'rollback':
    case 'auto-rollback':
      return `${version} live (was ${live})`;
    case 'canary':
      return `${version} as a canary (${stays} for the rest)`;
    case 'abort':
    case 'auto-abort':
      return `canary ${version} aborted (${stays})`;
    case 'override':
      return `${version} for the key holder's browser (${stays})`;
    case 'override-end':
      return `${version}'s override ended before its time (${stays})`;
    case 'app-add':
      return `registered, paths ${(entry.paths ?? []).join(' ')}`;
    case 'app-remove':
      return `removed${entry.previous ? ` (${entry.previous} was live)` : ''}, paths ${(entry.paths ?? []).join(' ')} now 404`;
    default:
      // An action this CLI does not know (a newer server's): the bare facts.
      return `${version} (live before: ${live})`;
  }
}

/** The log's lines (of `app`, or all), oldest first. */
export function readReleaseLog(buildsDir: string, app?: AppName): Promise<ReleaseLogEntry[]> {
  return stateOfFolder(buildsDir).releaseLog.read(app);
}

/**
 * Whether `version` of `app` ever passed the gate: a passing check, an activation or canary it did
 * not have to force, or a promotion. Overrides go only to such versions — a forced or never-checked
 * one is not tried on production data, even by its own team.
 */
export async function passedGate(buildsDir: string, app: AppName, version: string): Promise<boolean> {
  const entries = await readReleaseLog(buildsDir, app);
  return entries.some(
    (entry) =>
      entry.version === version &&
      ['check', 'activate', 'canary', 'promote'].includes(entry.action) &&
      entry.gate.startsWith('passed'),
  );
}

/**
 * The overrides of `app` still running at `now`, from their release-log lines: an override is a cookie
 * the server keeps no list of, so its line is the only record of it. A line written before lines
 * carried `expiresAt` says its minutes in its gate word.
 */
export async function runningOverrides(buildsDir: string, app: AppName, now = Date.now()): Promise<ReleaseLogEntry[]> {
  const endOf = (entry: ReleaseLogEntry) => {
    if (entry.expiresAt) return Date.parse(entry.expiresAt);
    const minutes = /override for (\d+) min/.exec(entry.gate)?.[1];
    return minutes ? Date.parse(entry.at) + Number(minutes) * 60_000 : 0;
  };
  return (await readReleaseLog(buildsDir, app)).filter((entry) => entry.action === 'override' && endOf(entry) > now);
}
