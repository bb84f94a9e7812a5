/**
 * The deploy platform's builds folder (deploy/server/src/live-set/builds-folder.ts) as two parts,
 * since they will move apart (the state into a database, the versions into an object store):
 *
 * - platform-state: every state file at the folder's top (live.json, apps.json, release-log.jsonl,
 *   failure and served-version counts, and whatever file joins them) and the gate's records
 *   (`.gate/`: reports, main-thread figures), copied while holding the deploy lock and the
 *   live-set lock, so no activation, rollback, canary or prune is half-seen. Put back whole: the
 *   state files the backup does not have are removed.
 * - builds: every published version, `<app>/<version>/`. Versions are immutable (their name is
 *   their content's hash), so they are copied without a lock; put back by adding the versions the
 *   folder lacks. Restored before the state, so live.json never names a version not there yet.
 *
 * Left out: what is remade or in flux (the image cache, locks, half-written uploads and
 * temporary files — every other name starting with a dot), and the deploy jobs' records
 * (`.jobs/`): a job belongs to the servers that ran it. A restore removes the folder's, so the
 * restored site starts with no job to resume, replay or show as its own — its release log
 * (release-log.jsonl, restored) says what was done; a job asked before the restore is asked again.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { GATE_FOLDER as GATE_RECORDS, JOB_RECORDS_FOLDER } from '@steel/server/builds-folder';
import { withDeployLock } from '@steel/server/deploy-lock';
import { withLock as withLiveSetLock } from '@steel/server/live-file-writes';
import { exportToFolder, openSharedStores } from '@steel/server/move-platform';
import { sharedStoreSettings } from '../arrangement-paths';
import type { BackupPart } from './backup-part';
import type { SiteLayout } from './site-layout';
import { measure, ownLikeFolder } from './backup-part';

// The gate's records (GATE_RECORDS): not rebuilt without running every gate again.
const isHidden = (name: string) => name.startsWith('.');

const exists = (entry: string) =>
  fs.stat(entry).then(
    () => true,
    () => false,
  );

const entriesOf = (dir: string) =>
  fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });

async function holdingPlatformLocks<T>(buildsDir: string, fn: () => Promise<T>): Promise<T> {
  await fs.mkdir(buildsDir, { recursive: true });
  // In the order change-live.ts and apps.ts take them.
  return withDeployLock(buildsDir, () => withLiveSetLock(buildsDir, fn));
}

export function platformStatePart(buildsDir: string): BackupPart {
  const gateRecords = path.join(buildsDir, GATE_RECORDS);
  return {
    name: 'platform-state',
    holds: `the deploy platform's state in ${buildsDir}: what is live, canaries and rollback stacks, registered apps, the release log, the gate's records`,
    async backup(dir) {
      await holdingPlatformLocks(buildsDir, async () => {
        for (const entry of await entriesOf(buildsDir)) {
          if (entry.isFile() && !isHidden(entry.name))
            await fs.copyFile(path.join(buildsDir, entry.name), path.join(dir, entry.name));
        }
        if (await exists(gateRecords)) await fs.cp(gateRecords, path.join(dir, GATE_RECORDS), { recursive: true });
      });
      return { included: true, ...(await measure(dir)) };
    },
    async restore(dir) {
      await holdingPlatformLocks(buildsDir, async () => {
        const kept = new Set((await entriesOf(dir)).filter((entry) => entry.isFile()).map((entry) => entry.name));
        for (const entry of await entriesOf(buildsDir))
          if (entry.isFile() && !isHidden(entry.name) && !kept.has(entry.name))
            await fs.rm(path.join(buildsDir, entry.name));
        for (const name of kept) {
          // Beside, then renamed over: a running server reads the old file or the new.
          const next = path.join(buildsDir, `.${name}.${process.pid}.restoring`);
          await fs.copyFile(path.join(dir, name), next);
          await ownLikeFolder(next, buildsDir);
          await fs.rename(next, path.join(buildsDir, name));
        }
        // The jobs of the state replaced: none of them is this site's any more.
        await fs.rm(path.join(buildsDir, JOB_RECORDS_FOLDER), { recursive: true, force: true });
        await fs.rm(gateRecords, { recursive: true, force: true });
        if (await exists(path.join(dir, GATE_RECORDS))) {
          await fs.cp(path.join(dir, GATE_RECORDS), gateRecords, { recursive: true });
          await ownLikeFolder(gateRecords, buildsDir);
        }
      });
    },
  };
}

/** Every `<app>/<version>` folder of `buildsDir` (hidden names are work in progress, not versions). */
async function versionFolders(buildsDir: string): Promise<string[]> {
  const folders: string[] = [];
  for (const app of await entriesOf(buildsDir)) {
    if (!app.isDirectory() || isHidden(app.name)) continue;
    for (const version of await entriesOf(path.join(buildsDir, app.name)))
      if (version.isDirectory() && !isHidden(version.name)) folders.push(path.join(app.name, version.name));
  }
  return folders;
}

export function buildsPart(buildsDir: string): BackupPart {
  return {
    name: 'builds',
    holds: `every published version of every app in ${buildsDir} (immutable folders named by their content's hash)`,
    async backup(dir) {
      for (const folder of await versionFolders(buildsDir))
        await fs.cp(path.join(buildsDir, folder), path.join(dir, folder), { recursive: true });
      return { included: true, ...(await measure(dir)) };
    },
    async restore(dir) {
      for (const folder of await versionFolders(dir)) {
        const target = path.join(buildsDir, folder);
        if (await exists(target)) continue;
        // Copied under a hidden name and renamed: a version folder is never seen half-copied.
        const next = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.restoring`);
        const made = await fs.mkdir(path.dirname(target), { recursive: true });
        if (made) await ownLikeFolder(made, buildsDir);
        await fs.cp(path.join(dir, folder), next, { recursive: true });
        await ownLikeFolder(next, buildsDir);
        await fs.rename(next, target);
      }
    },
  };
}

/**
 * The layout a backup copies: `layout` itself, or — when the platform is in PostgreSQL and an
 * object store — its export (`deploy platform export`'s code, release/move-platform.ts) into a
 * builds folder and keys file, which the platform-state, builds and deploy-keys parts then copy.
 * The export is idempotent, so a kept export folder is only brought up to date. A restore puts
 * them into the arrangement's builds folder and keys file, which its next start imports into an
 * empty platform database (a fresh state folder).
 */
export async function withPlatformExported(layout: SiteLayout): Promise<SiteLayout> {
  if (!layout.platform) return layout;
  const buildsDir = path.join(layout.platform.exportDir, 'builds');
  const deployKeysFile = path.join(layout.platform.exportDir, 'deploy-keys.json');
  const shared = await openSharedStores(sharedStoreSettings(layout.platform.env));
  try {
    await exportToFolder(shared, buildsDir, { keysFile: deployKeysFile });
  } finally {
    await shared.close();
  }
  return { ...layout, buildsDir, deployKeysFile };
}
