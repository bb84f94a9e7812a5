/**
 * Versions as folders of the builds folder, `BUILDS_DIR/<app>/<version>/` — `npm start`'s: the
 * store and this server's folder are one. A version appears by one rename of the folder publish
 * prepared, so a half-copied version is never visible.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { isAppName, VERSION_RE } from '../platform-state/documents';
import { type BuildStore, NotStored, type StoredVersion } from './build-store';
import { isFolder, listFiles, moveFolderInto } from './version-files';

export function versionFolder(buildsDir: string, app: string, version: string): string {
  if (!VERSION_RE.test(version)) throw new NotStored(`Invalid version "${version}"`);
  return path.join(buildsDir, app, version);
}

/** What every implementation shares: the versions in a local folder, by name and age. */
export async function localVersions(buildsDir: string, app: string): Promise<StoredVersion[]> {
  const dir = path.join(buildsDir, app);
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => VERSION_RE.test(name));
  const found = await Promise.all(
    names.map(async (version) => {
      const st = await fs.stat(path.join(dir, version)).catch(() => null);
      // Whole milliseconds, as every store gives them (a time set on a folder comes back a hair off).
      return st?.isDirectory() ? [{ version, storedAt: Math.round(st.mtimeMs) }] : [];
    }),
  );
  return found.flat().sort((a, b) => b.storedAt - a.storedAt);
}

export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const rel of await listFiles(dir)) total += (await fs.stat(path.join(dir, rel))).size;
  return total;
}

export function openFolderBuilds(buildsDir: string): BuildStore {
  const local = async (app: string, version: string) => {
    const dir = versionFolder(buildsDir, app, version);
    if (!(await isFolder(dir))) throw new NotStored(`${app} ${version} is not published (no ${dir})`);
    return dir;
  };
  return {
    kind: 'folder',
    localDir: buildsDir,
    async store(app, version, preparedDir, storedAt) {
      const target = versionFolder(buildsDir, app, version);
      if (await isFolder(target)) {
        await fs.rm(preparedDir, { recursive: true, force: true });
        return false;
      }
      const moved = await moveFolderInto(preparedDir, target);
      // The folder's time is the version's: `list` orders by it.
      if (moved && storedAt !== undefined) await fs.utimes(target, new Date(storedAt), new Date(storedAt));
      return moved;
    },
    async has(app, version) {
      return VERSION_RE.test(version) && isFolder(versionFolder(buildsDir, app, version));
    },
    list: (app) => localVersions(buildsDir, app),
    async apps() {
      const entries = await fs.readdir(buildsDir, { withFileTypes: true }).catch(() => []);
      const names = entries.filter((entry) => entry.isDirectory() && isAppName(entry.name)).map((entry) => entry.name);
      // An app's folder stays when its last version is removed: it has none stored.
      const withVersions = await Promise.all(
        names.map(async (app) => (await localVersions(buildsDir, app)).length > 0),
      );
      return names.filter((_, i) => withVersions[i]).sort();
    },
    local,
    async isLocal(app, version) {
      return isFolder(versionFolder(buildsDir, app, version));
    },
    async bytes(app, version) {
      return folderBytes(await local(app, version));
    },
    async remove(app, version) {
      await fs.rm(versionFolder(buildsDir, app, version), { recursive: true, force: true });
    },
    async dropUnstored() {
      return [];
    },
    async close() {},
  };
}
