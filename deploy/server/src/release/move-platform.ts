/**
 * Moving the platform off one disk and back (docs/architecture.md, "Leaving the one disk"): a
 * copy of everything a deploy platform holds from one pair of stores to another — a builds folder
 * (its state files and version folders) into PostgreSQL and an object store, or back. It goes
 * through the `PlatformState` and `BuildStore` interfaces alone, so it copies between any two
 * implementations.
 *
 * **Idempotent**: each record is compared with the target's before it is written, so a second run
 * writes nothing, and a run cut short completes when run again. The order makes a cut never
 * harmful to servers already on the target: versions first (each stored whole or not at all),
 * then the gate's records, keys, release log, counts and served versions, and **last the apps and
 * the live set**, so the target never names a version it lacks.
 *
 * **What the target keeps**: the live set and the apps become the source's (they are one document
 * each); the rest is added to — versions, gate reports, keys (one of the same name becomes the
 * source's), release-log lines (a line already there is not appended again), counts (only what
 * the target lacks of each count), served versions (the later time). The deploy jobs are not
 * copied: a move, like a restore, starts with none running.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BuildStore } from '../build-files/build-store';
import { openFolderBuilds } from '../build-files/folder-builds';
import { openObjectStoreBuilds } from '../build-files/object-store-builds';
import { isFolder } from '../build-files/version-files';
import type { ObjectStoreSettings } from '../build-files/s3-client';
import { releaseLogLine, serializeApps, serializeLive } from '../platform-state/documents';
import { openFolderState } from '../platform-state/folder-state';
import { openPostgresState } from '../platform-state/postgres-state';
import {
  COUNTS_KEEP_MINUTES,
  type CountKind,
  type DeployKeyRecord,
  type PlatformState,
  type VersionCounts,
} from '../platform-state/platform-state';

/** One place the platform is kept: its state and its versions' files. */
export interface PlatformStores {
  state: PlatformState;
  builds: BuildStore;
}

/** What a copy wrote to the target: all zero and false when it already held everything. */
export interface MoveReport {
  versions: number;
  gateRecords: number;
  keys: number;
  releaseLogLines: number;
  /** Counts of a version, minute and kind added to. */
  counts: number;
  servedVersions: number;
  apps: boolean;
  live: boolean;
}

export const NOTHING_MOVED: MoveReport = {
  versions: 0,
  gateRecords: 0,
  keys: 0,
  releaseLogLines: 0,
  counts: 0,
  servedVersions: 0,
  apps: false,
  live: false,
};

type Log = (line: string) => void;

/**
 * Copies everything `from` holds into `to`, holding both deploy locks (no deploy on either side
 * changes what is being copied).
 */
export async function copyPlatform(from: PlatformStores, to: PlatformStores, log: Log = () => {}): Promise<MoveReport> {
  return from.state.withDeployLock(() =>
    to.state.withDeployLock(async () => {
      const report = { ...NOTHING_MOVED };
      report.versions = await copyVersions(from.builds, to.builds, log);
      report.gateRecords = await copyGateRecords(from.state, to.state);
      report.keys = await copyKeys(from.state, to.state);
      report.releaseLogLines = await copyReleaseLog(from.state, to.state);
      report.counts = await copyCounts(from.state, to.state);
      report.servedVersions = await copyServedVersions(from.state, to.state);
      // Last: once the target's servers see these, everything they name is there.
      const apps = await from.state.apps.read();
      if (serializeApps(apps) !== serializeApps(await to.state.apps.read())) {
        await to.state.apps.write(apps);
        report.apps = true;
      }
      const live = await from.state.live.read();
      const targetLive = await to.state.live.read();
      if (live && (!targetLive || serializeLive(live) !== serializeLive(targetLive))) {
        await to.state.live.write(live);
        report.live = true;
      }
      return report;
    }),
  );
}

/**
 * PostgreSQL and the object store, as the app servers open them from `PLATFORM_STATE_URL` and
 * `BUILD_STORE_*`, with a cache folder of their own for the versions read here (removed on close).
 */
export async function openSharedStores(settings: {
  platformStateUrl: string;
  buildStore: ObjectStoreSettings;
}): Promise<PlatformStores & { close(): Promise<void> }> {
  const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'steel-move-cache-'));
  const closers: Array<() => Promise<void>> = [() => fs.rm(cacheDir, { recursive: true, force: true })];
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne();
  };
  try {
    const state = await openPostgresState({ url: settings.platformStateUrl });
    closers.push(() => state.close());
    const builds = await openObjectStoreBuilds({ settings: settings.buildStore, cacheDir });
    closers.push(() => builds.close());
    return { state, builds, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * `work` with a builds folder's own stores — its state files, its keys file, its version folders
 * (made when missing) — closed after.
 */
async function withFolder<T>(buildsDir: string, keysFile: string, work: (folder: PlatformStores) => Promise<T>) {
  const folder = { state: openFolderState({ buildsDir, keysFile }), builds: openFolderBuilds(buildsDir) };
  try {
    return await work(folder);
  } finally {
    await folder.state.close();
  }
}

/** Copies a builds folder (and its deploy keys file) into `to`. */
export async function importFolder(
  buildsDir: string,
  to: PlatformStores,
  options: { keysFile: string; log?: Log },
): Promise<MoveReport> {
  // A mistyped path would otherwise be an empty folder, imported as "nothing to write".
  if (!(await isFolder(buildsDir))) throw new Error(`There is no builds folder at ${buildsDir}`);
  return withFolder(buildsDir, options.keysFile, (from) => copyPlatform(from, to, options.log));
}

/** Copies `from` into a builds folder (and its deploy keys file), made when it does not exist. */
export function exportToFolder(
  from: PlatformStores,
  buildsDir: string,
  options: { keysFile: string; log?: Log },
): Promise<MoveReport> {
  return withFolder(buildsDir, options.keysFile, (to) => copyPlatform(from, to, options.log));
}

/** Every stored version of every app, the oldest first, each keeping when it was first stored. */
async function copyVersions(from: BuildStore, to: BuildStore, log: Log): Promise<number> {
  const missing: Array<{ app: string; version: string; storedAt: number }> = [];
  for (const app of await from.apps())
    for (const { version, storedAt } of await from.list(app))
      if (!(await to.has(app, version))) missing.push({ app, version, storedAt });
  missing.sort((a, b) => a.storedAt - b.storedAt);
  // `store` takes the folder it is given over: it gets a copy, never the source's own.
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'steel-move-'));
  try {
    for (const [i, { app, version, storedAt }] of missing.entries()) {
      log(`Copying ${app} ${version} (${i + 1} of ${missing.length})`);
      const copy = path.join(scratch, `${app}-${version}`);
      await fs.cp(await from.local(app, version), copy, { recursive: true });
      await to.store(app, version, copy, storedAt);
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return missing.length;
}

/** Each version's gate report with its screenshots, and its main-thread figures. */
async function copyGateRecords(from: PlatformState, to: PlatformState): Promise<number> {
  let copied = 0;
  for (const { app, version } of await from.gate.list()) {
    const report = await from.gate.readReport(app, version);
    if (report) {
      const shots = new Map<number, Buffer>();
      for (const [index, page] of report.pages.entries()) {
        const png = page.shot ? await from.gate.readShot(app, version, index) : null;
        if (png) shots.set(index, png);
      }
      if (!(await sameReport(to, app, version, JSON.stringify(report), shots))) {
        await to.gate.writeReport(app, version, report, shots);
        copied++;
      }
    }
    const figures = await from.gate.readFigures(app, version);
    if (figures !== null && JSON.stringify(figures) !== JSON.stringify(await to.gate.readFigures(app, version))) {
      await to.gate.writeFigures(app, version, figures);
      copied++;
    }
  }
  return copied;
}

async function sameReport(
  state: PlatformState,
  app: string,
  version: string,
  reportText: string,
  shots: ReadonlyMap<number, Buffer>,
): Promise<boolean> {
  const report = await state.gate.readReport(app, version);
  if (!report || JSON.stringify(report) !== reportText) return false;
  for (const [index, png] of shots) if (!(await state.gate.readShot(app, version, index))?.equals(png)) return false;
  return true;
}

/** Every key by name; one the target has under that name with another hash or app becomes the source's. */
async function copyKeys(from: PlatformState, to: PlatformState): Promise<number> {
  const target = new Map((await to.keys.read()).map((key) => [key.name, key]));
  const sameKey = (a: DeployKeyRecord, b: DeployKeyRecord) =>
    a.app === b.app && a.hash === b.hash && a.createdAt === b.createdAt;
  let copied = 0;
  for (const key of await from.keys.read()) {
    const there = target.get(key.name);
    if (there && sameKey(there, key)) continue;
    if (there) await to.keys.remove(key.name);
    await to.keys.add(key);
    copied++;
  }
  return copied;
}

/** The lines the target lacks, in the source's order (a line is its text: a time and who did what). */
async function copyReleaseLog(from: PlatformState, to: PlatformState): Promise<number> {
  const present = new Set((await to.releaseLog.read()).map(releaseLogLine));
  let appended = 0;
  for (const entry of await from.releaseLog.read()) {
    const line = releaseLogLine(entry);
    if (present.has(line)) continue;
    await to.releaseLog.append(entry);
    present.add(line);
    appended++;
  }
  return appended;
}

/** What the target lacks of each count, within the day both stores keep. */
async function copyCounts(from: PlatformState, to: PlatformState): Promise<number> {
  const target = await to.counts.read();
  const oldest = Date.now() - COUNTS_KEEP_MINUTES * 60_000;
  const lacking: VersionCounts = {};
  let cells = 0;
  for (const [key, minutes] of Object.entries(await from.counts.read()))
    for (const [minute, kinds] of Object.entries(minutes)) {
      if (Number(minute) < oldest) continue;
      for (const [kind, count] of Object.entries(kinds) as [CountKind, number][]) {
        const more = count - (target[key]?.[minute]?.[kind] ?? 0);
        if (more <= 0) continue;
        ((lacking[key] ??= {})[minute] ??= {})[kind] = more;
        cells++;
      }
    }
  if (cells) await to.counts.add(lacking);
  return cells;
}

/** The source's times the target has not got or has earlier. */
async function copyServedVersions(from: PlatformState, to: PlatformState): Promise<number> {
  const target = await to.servedVersions.read();
  const later = Object.fromEntries(
    Object.entries(await from.servedVersions.read()).filter(([key, at]) => at > (target[key] ?? -1)),
  );
  if (Object.keys(later).length) await to.servedVersions.record(later);
  return Object.keys(later).length;
}
