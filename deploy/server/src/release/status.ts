/** `deploy status`: per app, what is live, the canary under way, the published versions and how browsers fare. */
import { buildsOfFolder } from '../build-files/builds-of-folder';
import { type AppName, type Canary, readLive } from '../live-set/builds-folder';
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
    // Newest first, from the build store: every server (and the CLI) sees the same list.
    const published = (await buildsOfFolder(buildsDir).list(app)).map((stored) => ({
      version: stored.version,
      publishedAt: stored.storedAt,
    }));
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
