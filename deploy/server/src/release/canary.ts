/**
 * Canaries: a version served to a share of visitors beside the live one, started and ended by
 * rewriting live.json (the bare writes; release/change-live.ts's `changeLive` is how callers ask).
 */
import { type AppName, type LiveState, readLive } from '../live-set/builds-folder';
import { type ActivateResult, assertServable, withLock, withoutCanary, writeLive } from './live-file-writes';

/** Nothing to promote or abort: the app has no canary (the API answers 409). */
export class NoCanary extends Error {
  override readonly name = 'NoCanary';
}

/**
 * Serves `version` of `app` to `percent` % of visitors (the same ones for every app's canary:
 * a visitor's cohort decides, live-set/visitor-live-set.ts); the live version stays everyone else's.
 */
export async function startCanary(
  buildsDir: string,
  app: AppName,
  version: string,
  percent: number,
): Promise<ActivateResult> {
  await assertServable(buildsDir, app, version);
  if (!Number.isInteger(percent) || percent < 1 || percent > 99)
    throw new RangeError('A canary share is a whole percentage from 1 to 99');
  return withLock(buildsDir, async () => {
    const live = await readLive(buildsDir);
    const current = live?.versions[app] ?? null;
    if (!live || !current) throw new NoCanary(`${app} has no live version to compare a canary with: activate it first`);
    if (current === version) throw new NoCanary(`${app} ${version} is already live for everyone`);
    const next: LiveState = {
      ...live,
      updatedAt: Date.now(),
      canary: { ...live.canary, [app]: { version, percent, startedAt: Date.now() } },
    };
    await writeLive(buildsDir, next);
    return { app, version, previous: current, changed: true, live: next };
  });
}

/** Everyone back on the live version; returns the canary that ended. */
export async function endCanary(buildsDir: string, app: AppName, expectedVersion?: string): Promise<ActivateResult> {
  return withLock(buildsDir, async () => {
    const live = await readLive(buildsDir);
    const canary = live?.canary?.[app];
    if (!live || !canary || (expectedVersion && canary.version !== expectedVersion))
      throw new NoCanary(`${app} has no canary${expectedVersion ? ` of ${expectedVersion}` : ''}`);
    const next: LiveState = { ...live, updatedAt: Date.now(), canary: withoutCanary(live, app) };
    await writeLive(buildsDir, next);
    return { app, version: live.versions[app] ?? '', previous: canary.version, changed: true, live: next };
  });
}
