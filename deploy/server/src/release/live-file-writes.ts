/**
 * The bare writes of live.json: activate and rollback (canary.ts starts and ends canaries).
 * The file is written to a temp name and renamed over the old one, so the server (which
 * re-checks it on every request) sees either the old or the new live set, never half a file.
 * Writers take a lock file, so two deploys at once cannot lose each other's change.
 *
 * These are the bare writes of live.json. Whoever changes what is live goes through change-live.ts's
 * `changeLive`, which runs the gate where it applies, writes the release-log line and tells the app
 * servers; only tests and benches call these directly, to set a builds folder up.
 */
import fs from 'node:fs/promises';
import {
  type AppName,
  emptyLive,
  LIVE_FILE,
  type LiveFile,
  requiredFiles,
  ROLLBACK_STACK_LIMIT,
  SHELL,
  VERSION_RE,
  livePath,
  readLive,
  versionDir,
  writeFileAtomically,
} from '../live-set/builds-folder';
import { withFileLock } from '../platform-state/file-lock';

export interface ActivateResult {
  app: AppName;
  version: string;
  previous: string | null;
  /** False when the version was already live (live.json untouched). */
  changed: boolean;
  live: LiveFile;
}

/** Nothing earlier to put back: the caller's request cannot be done (the API answers 409). */
export class NothingToRollBack extends Error {
  override readonly name = 'NothingToRollBack';
}

const LOCK_WAIT_MS = 10_000;

/** live.json's writers take turns (a read-modify-write must not lose another's change). */
export function withLock<T>(buildsDir: string, fn: () => Promise<T>): Promise<T> {
  return fs
    .mkdir(buildsDir, { recursive: true })
    .then(() => withFileLock(`${livePath(buildsDir)}.lock`, { waitMs: LOCK_WAIT_MS }, fn));
}

export async function writeLive(buildsDir: string, live: LiveFile): Promise<void> {
  // Stable key order (the shell, then the remotes by name) keeps the file readable and diffs small.
  const apps = Object.keys(live.versions).sort(
    (a, b) => Number(b === SHELL) - Number(a === SHELL) || a.localeCompare(b),
  );
  const versions = Object.fromEntries(apps.flatMap((app) => (live.versions[app] ? [[app, live.versions[app]]] : [])));
  const canary = live.canary && Object.keys(live.canary).length ? { canary: live.canary } : {};
  const out = {
    ...versions,
    updatedAt: live.updatedAt,
    rollbackStack: live.rollbackStack ?? {},
    activatedAt: live.activatedAt ?? {},
    ...canary,
  };
  await writeFileAtomically(buildsDir, LIVE_FILE, `${JSON.stringify(out, null, 2)}\n`);
}

/** Refuses a version that could not be served: not a version name, never published, or missing a file it needs. */
export async function assertServable(buildsDir: string, app: AppName, version: string): Promise<void> {
  if (!VERSION_RE.test(version)) throw new Error(`Invalid version "${version}"`);
  const dir = versionDir(buildsDir, app, version);
  const files = await fs.readdir(dir).catch(() => null);
  if (!files) throw new Error(`${app} ${version} is not published (no ${dir})`);
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
    const next: LiveFile = {
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

export function withoutCanary(live: LiveFile, app: AppName): LiveFile['canary'] {
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
    const next: LiveFile = {
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
