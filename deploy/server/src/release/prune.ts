/**
 * `deploy prune [--keep N]`: removes published versions nobody can need any more. Kept, per app:
 * the live version, the previous one (the rollback target), the N newest, and every version a page
 * served in the last day pinned (an open tab may still load its files).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { folderBytes } from '../build-files/folder-builds';
import { isAppName, previousVersion, VERSION_RE, readLive, type AppName } from '../live-set/builds-folder';
import { readServedVersions } from '../live-set/served-versions';
import { forgetFigures } from './gate/main-thread';
import { forgetGateReport } from './gate/gate-report';

export const PRUNE_REFERENCE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface PruneReport {
  removed: Array<{ app: AppName; version: string; bytes: number }>;
  bytesFreed: number;
}

export async function prune(
  buildsDir: string,
  { keep = 3, now = Date.now() }: { keep?: number; now?: number } = {},
): Promise<PruneReport> {
  const live = await readLive(buildsDir);
  const served = await readServedVersions(buildsDir);
  const removed: PruneReport['removed'] = [];
  // Every app with folders here, a removed one's too (registered again, it starts from what is kept).
  const folders = await fs.readdir(buildsDir, { withFileTypes: true }).catch(() => []);
  const apps = folders.filter((entry) => entry.isDirectory() && isAppName(entry.name)).map((entry) => entry.name);
  for (const app of apps) {
    const dir = path.join(buildsDir, app);
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => VERSION_RE.test(name));
    const published = await Promise.all(
      names.map(async (version) => ({ version, at: (await fs.stat(path.join(dir, version))).mtimeMs })),
    );
    published.sort((a, b) => b.at - a.at);
    const protectedVersions = new Set([
      live?.versions[app],
      previousVersion(live, app),
      ...published.slice(0, keep).map((entry) => entry.version),
    ]);
    for (const { version } of published) {
      if (protectedVersions.has(version)) continue;
      const lastServed = served[`${app}@${version}`];
      if (lastServed !== undefined && now - lastServed < PRUNE_REFERENCE_WINDOW_MS) continue;
      const folder = path.join(dir, version);
      const bytes = await folderBytes(folder);
      await fs.rm(folder, { recursive: true, force: true });
      await forgetFigures(buildsDir, app, version);
      await forgetGateReport(buildsDir, app, version);
      removed.push({ app, version, bytes });
    }
  }
  return { removed, bytesFreed: removed.reduce((sum, entry) => sum + entry.bytes, 0) };
}
