/**
 * The release log: one JSON line per publish, gate check, activation (forced or not), refused
 * activation, rollback, canary step, override issued and app registered or removed, appended to
 * BUILDS_DIR/release-log.jsonl and never rewritten — who changed what is live, when, from which
 * version, and what the gate said. A refusal is a line too (`refused`, with the gate's word):
 * someone tried, and the live set stayed as it was. (Not the rollback stack: live.json's previous
 * versions per app, builds-folder.ts.)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppName } from '../live-set/builds-folder';
import { reportDeployEvent } from '../observability/deploy-events';

/** Who acts, when the caller names no one: the OS user (the local CLI, `npm run build`). */
export const localUser = () => os.userInfo().username;

export interface ReleaseLogEntry {
  at: string;
  action: ReleaseLogAction;
  app: AppName;
  /** The version the line is about: published, checked, refused, made live, put back, started or ended as a canary, overridden. */
  version: string;
  /** The app's version live for everyone just before the line (null: none; `publish` lines: always null). */
  previous: string | null;
  /** `passed`, the refusal line (forced or refused), or `not run (…)`. */
  gate: string;
  /** The reason given with --force, when the gate was overridden. */
  forced: string | null;
  /** Who asked: the deploy key's name through the API, the OS user for the local CLI. */
  by: string;
  /** `app-add`, `app-remove`: the path patterns the app claims. */
  paths?: string[];
  /** `override`: when the override's cookie stops working (ISO time). */
  expiresAt?: string;
}

/**
 * `refused`: the gate refused an activation or canary that was not forced (nothing changed).
 * `canary` starts one, `promote` makes it live for all, `abort` returns everyone to the live
 * version; `auto-abort` and `auto-rollback` are the health monitor's, with the figures in `gate`.
 * `check` is the gate run alone; `override` an override cookie issued to the key holder, and
 * `override-end` one ended before its time (its app removed, so its key revoked).
 * `app-add` and `app-remove` register and remove an app (`deploy apps`): `version` is empty, or
 * for a removal forced while live the version that was live, and `paths` the app's path patterns.
 * A removal also ends the app's canary (an `abort` line after it) and its running overrides.
 */
export type ReleaseLogAction =
  | 'publish'
  | 'check'
  | 'activate'
  | 'refused'
  | 'rollback'
  | 'canary'
  | 'promote'
  | 'abort'
  | 'auto-abort'
  | 'auto-rollback'
  | 'override'
  | 'override-end'
  | 'app-add'
  | 'app-remove';

export const RELEASE_LOG_FILE = 'release-log.jsonl';
/**
 * The log's file before it had its own name. Still read, never written: a builds folder keeps the
 * lines written before, and an older app server beside a newer one while a site is upgraded still
 * appends there.
 */
export const FORMER_RELEASE_LOG_FILE = 'history.jsonl';

export async function appendToReleaseLog(buildsDir: string, entry: Omit<ReleaseLogEntry, 'at'>): Promise<void> {
  await fs.mkdir(buildsDir, { recursive: true });
  // One write of one line with O_APPEND: concurrent writers never interleave within a line.
  await fs.appendFile(
    path.join(buildsDir, RELEASE_LOG_FILE),
    `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`,
  );
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

/** The log's lines (of `app`, or all), oldest first: both files' lines merged by their time. */
export async function readReleaseLog(buildsDir: string, app?: AppName): Promise<ReleaseLogEntry[]> {
  const files = await Promise.all(
    [FORMER_RELEASE_LOG_FILE, RELEASE_LOG_FILE].map((file) =>
      fs.readFile(path.join(buildsDir, file), 'utf8').catch(() => ''),
    ),
  );
  const entries = files
    .join('\n')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReleaseLogEntry)
    .filter((entry) => !app || entry.app === app);
  // ISO times in UTC sort as text; the sort is stable, so lines of one moment keep their order.
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
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
