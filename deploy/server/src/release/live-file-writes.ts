/**
 * The bare writes of the live set: activate and rollback (canary.ts starts and ends canaries).
 * The platform state replaces it whole, so a server sees either the old or the new live set,
 * never half of one. Writers take turns (a lock file beside live.json), so two deploys at once
 * cannot lose each other's change.
 *
 * These are the bare writes of the live set. Whoever changes what is live goes through change-live.ts's
 * `changeLive`, which runs the gate where it applies, writes the release-log line and tells the app
 * servers; only tests and benches call these directly, to set a builds folder up.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type AppName,
  emptyLive,
  type LiveState,
  requiredFiles,
  ROLLBACK_STACK_LIMIT,
  VERSION_RE,
  readLive,
  versionDir,
} from '../live-set/builds-folder';
import { buildsOfFolder } from '../build-files/builds-of-folder';
import { NotStored } from '../build-files/build-store';
import { LIVE_FILE } from '../platform-state/folder-state';
import { stateOfFolder } from '../platform-state/state-of-folder';
import { withFileLock } from '../platform-state/file-lock';

export interface ActivateResult {
  app: AppName;
  version: string;
  previous: string | null;
  /** False when the version was already live (live.json untouched). */
  changed: boolean;
  live: LiveState;
}

/** Nothing earlier to put back: the caller's request cannot be done (the API answers 409). */
export class NothingToRollBack extends Error {
  override readonly name = 'NothingToRollBack';
}

const LOCK_WAIT_MS = 10_000;

/** live.json's writers take turns (a read-modify-write must not lose another's change). */
export function withLock<T>(buildsDir: string, fn: () => Promise<T>): Promise<T> {
  return withFileLock(path.join(buildsDir, `${LIVE_FILE}.lock`), { waitMs: LOCK_WAIT_MS }, fn);
}

export function writeLive(buildsDir: string, live: LiveState): Promise<void> {
  return stateOfFolder(buildsDir).live.write(live);
}

/** Refuses a version that could not be served: not a version name, never published, or missing a file it needs. */
export async function assertServable(buildsDir: string, app: AppName, version: string): Promise<void> {
  if (!VERSION_RE.test(version)) throw new Error(`Invalid version "${version}"`);
  // On this server at once, or fetched from the object store first (several machines): a version
  // goes live only once its files are where this server serves them from.
  const dir = await buildsOfFolder(buildsDir)
    .local(app, version)
    .catch((error: unknown) => {
      if (error instanceof NotStored)
        throw new Error(`${app} ${version} is not published (no ${versionDir(buildsDir, app, version)})`);
      throw error;
    });
  const files = await fs.readdir(dir);
  for (const alternatives of requiredFiles(app)) {
    if (!alternatives.some((f) => files.includes(f))) {
      throw new Error(`${dir} is incomplete: it has no ${alternatives.join(' or ')}`);
    }
  }
}

/** Makes `version` the live build of `app`; the version it replaces goes onto the rollback stack. */
export async function activate(buildsDir: string, app: AppName, version: string): Promise<ActivateResult> {
  await assertServable(buildsDir, app, version);
  return withLock(buildsDir, async () => {
    const live = (await readLive(buildsDir)) ?? emptyLive();
    const previous = live.versions[app] ?? null;
    if (previous === version) return { app, version, previous, changed: false, live };

    const rollbackStack = { ...live.rollbackStack };
    if (previous)
      rollbackStack[app] = [...(rollbackStack[app] ?? []).filter((v) => v !== previous), previous].slice(
        -ROLLBACK_STACK_LIMIT,
      );
    const now = Date.now();
    // A full activation ends the app's canary: everyone gets the one version (a promotion, when it is the canary's).
    const next: LiveState = {
      ...live,
      versions: { ...live.versions, [app]: version },
      updatedAt: now,
      rollbackStack,
      activatedAt: { ...live.activatedAt, [app]: now },
      canary: withoutCanary(live, app),
    };
    await writeLive(buildsDir, next);
    return { app, version, previous, changed: true, live: next };
  });
}

export function withoutCanary(live: LiveState, app: AppName): LiveState['canary'] {
  const { [app]: _ended, ...others } = live.canary ?? {};
  return others;
}

/**
 * Puts the previous version of `app` back. The replaced version is not pushed onto the rollback stack,
 * so repeated rollbacks walk further back instead of toggling between two versions.
 */
export async function rollback(buildsDir: string, app: AppName): Promise<ActivateResult> {
  return withLock(buildsDir, async () => {
    const live = await readLive(buildsDir);
    const current = live?.versions[app] ?? null;
    const stack = [...(live?.rollbackStack?.[app] ?? [])];
    // Skip entries whose folder was deleted (pruned by hand) instead of activating a hole.
    let target: string | undefined;
    while ((target = stack.pop()) !== undefined) {
      if (target === current) continue;
      try {
        await assertServable(buildsDir, app, target);
        break;
      } catch {
        continue;
      }
    }
    if (!live || target === undefined) throw new NothingToRollBack(`${app} has no previous version to roll back to`);
    const now = Date.now();
    const next: LiveState = {
      ...live,
      versions: { ...live.versions, [app]: target },
      updatedAt: now,
      rollbackStack: { ...live.rollbackStack, [app]: stack },
      activatedAt: { ...live.activatedAt, [app]: now },
      canary: withoutCanary(live, app),
    };
    await writeLive(buildsDir, next);
    return { app, version: target, previous: current, changed: true, live: next };
  });
}
