/**
 * `deploy prune [--keep N]`: removes published versions nobody can need any more. Kept, per app:
 * the live version, the previous one (the rollback target), the N newest, and every version a page
 * served in the last day pinned (an open tab may still load its files).
 */
import type { BuildStore } from '../build-files/build-store';
import { buildsOfFolder } from '../build-files/builds-of-folder';
import { previousVersion, readLive, type AppName } from '../live-set/builds-folder';
import { readServedVersions } from '../live-set/served-versions';
import { stateOfFolder } from '../platform-state/state-of-folder';

export const PRUNE_REFERENCE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface PruneReport {
  removed: Array<{ app: AppName; version: string; bytes: number }>;
  bytesFreed: number;
}

export async function prune(
  buildsDir: string,
  {
    keep = 3,
    now = Date.now(),
    builds = buildsOfFolder(buildsDir),
  }: { keep?: number; now?: number; builds?: BuildStore } = {},
): Promise<PruneReport> {
  const live = await readLive(buildsDir);
  const served = await readServedVersions(buildsDir);
  const removed: PruneReport['removed'] = [];
  // Every app with versions stored, a removed one's too (registered again, it starts from what is kept).
  for (const app of await builds.apps()) {
    // Newest first.
    const published = await builds.list(app);
    const protectedVersions = new Set([
      live?.versions[app],
      previousVersion(live, app),
      ...published.slice(0, keep).map((entry) => entry.version),
    ]);
    for (const { version } of published) {
      if (protectedVersions.has(version)) continue;
      const lastServed = served[`${app}@${version}`];
      if (lastServed !== undefined && now - lastServed < PRUNE_REFERENCE_WINDOW_MS) continue;
      const bytes = await builds.bytes(app, version);
      await builds.remove(app, version);
      // Its gate report, screenshots and main-thread figures go with it.
      await stateOfFolder(buildsDir).gate.forget(app, version);
      removed.push({ app, version, bytes });
    }
  }
  return { removed, bytesFreed: removed.reduce((sum, entry) => sum + entry.bytes, 0) };
}
