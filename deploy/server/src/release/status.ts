/** `deploy status`: per app, what is live, the canary under way, the published versions and how browsers fare. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type AppName, type Canary, readLive, VERSION_RE } from '../live-set/builds-folder';
import { servedApps } from '../live-set/app-registry';
import { type CountStore, failuresSince, fileCountStore, type VersionFailures } from '../shared-state/failure-counts';

export interface AppStatus {
  app: AppName;
  live: string | null;
  /** Failures browsers reported for the live version since it became live. */
  failures: VersionFailures;
  /** The canary under way, with its share and its own failures since it started. */
  canary: (Canary & { failures: VersionFailures }) | null;
  /** Its rollback stack: the versions `rollback` would put back, oldest first. */
  rollbackStack: string[];
  /** Published versions, newest first. */
  published: { version: string; publishedAt: number }[];
}

export async function status(
  buildsDir: string,
  countStore: CountStore = fileCountStore(buildsDir),
): Promise<{ updatedAt: number | null; apps: AppStatus[] }> {
  const live = await readLive(buildsDir);
  const counts = await countStore.read();
  const apps: AppStatus[] = [];
  for (const app of await servedApps(buildsDir)) {
    const dir = path.join(buildsDir, app);
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => VERSION_RE.test(n));
    const published = await Promise.all(
      names.map(async (version) => ({ version, publishedAt: (await fs.stat(path.join(dir, version))).mtimeMs })),
    );
    published.sort((a, b) => b.publishedAt - a.publishedAt);
    const current = live?.versions[app] ?? null;
    const failures = current
      ? failuresSince(counts, app, current, live?.activatedAt?.[app] ?? 0)
      : { total: 0, views: 0 };
    const canary = live?.canary?.[app];
    const canaryStatus = canary
      ? { ...canary, failures: failuresSince(counts, app, canary.version, canary.startedAt) }
      : null;
    apps.push({
      app,
      live: current,
      failures,
      canary: canaryStatus,
      rollbackStack: live?.rollbackStack?.[app] ?? [],
      published,
    });
  }
  return { updatedAt: live?.updatedAt ?? null, apps };
}
