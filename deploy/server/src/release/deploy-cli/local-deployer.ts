/**
 * The deploy commands on a builds folder of this machine: each step is done here and waits for its
 * work (no jobs); the gate reads the CMS of the site running on the folder (release/site-record.ts).
 */
import type { DeployKeySource } from '../../live-set/deploy-keys';
import type { Env } from '../../settings/setting-kinds';
import { processEnvironment, readSettings } from '../../settings/settings-table';
import { addApp, listApps, removeApp } from '../apps';
import { changeLive, checkRelease } from '../change-live';
import { withDeployLock } from '../deploy-lock';
import { prune } from '../prune';
import { publishVersion } from '../publish';
import { readReleaseLog } from '../release-log';
import { withRunningSiteSettings } from '../site-record';
import { status } from '../status';
import { UsageError } from './arguments';
import type { Deployer } from './deployer';

const apiOnly = (what: string) => () =>
  Promise.reject(new UsageError(`${what} are the deploy API's: --server <url> with your app's key`));

export function localDeployer(buildsDir: string, env: Env | undefined, keys: DeployKeySource): Deployer {
  // The gate's smoke tests read the CMS of the site running on this builds folder, not a default.
  const gate = async (force?: string) => ({
    env: await withRunningSiteSettings(buildsDir, env ?? processEnvironment()),
    ...(force ? { force } : {}),
  });
  return {
    where: `BUILDS_DIR ${buildsDir}`,
    async publish(app, distDir, { compress, activate }) {
      const published = await publishVersion(buildsDir, app, distDir, { compress });
      if (!activate) return published;
      const activation = await changeLive(
        buildsDir,
        app,
        { action: 'activate', version: published.version },
        await gate(activate.force),
      );
      return { ...published, activation };
    },
    check: async (app, version) => checkRelease(buildsDir, app, version, await gate()),
    activate: async (app, version, force) =>
      changeLive(buildsDir, app, { action: 'activate', version }, await gate(force)),
    rollback: (app) => changeLive(buildsDir, app, { action: 'rollback' }),
    async canary(app, version, percent, force) {
      const result = await changeLive(buildsDir, app, { action: 'canary', version, percent }, await gate(force));
      return { refusal: result.refusal, live: result.previous, gateMs: result.gateMs };
    },
    promote: (app) => changeLive(buildsDir, app, { action: 'promote' }),
    async abort(app) {
      const result = await changeLive(buildsDir, app, { action: 'abort' });
      return { version: result.version, aborted: result.previous };
    },
    // An override is signed with a deploy key, which only the API holder presents.
    override: () =>
      Promise.reject(new UsageError("override goes through the deploy API: --server <url> with your app's key")),
    releaseLog: (app) => readReleaseLog(buildsDir, app),
    apps: {
      list: () => listApps(buildsDir),
      add: (request) => addApp(buildsDir, request, { keys }),
      remove: (name, force) => removeApp(buildsDir, name, { keys, ...(force ? { force } : {}) }),
    },
    async status(app) {
      // The app servers of the production arrangement count in Redis, which the API reads.
      if (readSettings(env).REDIS_URL)
        console.warn('REDIS_URL is set: the live counts are in Redis — ask an app server: status --server <url>');
      const s = await status(buildsDir);
      return { ...s, apps: s.apps.filter((entry) => !app || entry.app === app) };
    },
    // Not while a version is being activated (it may be the one prune would remove).
    prune: (keep) => withDeployLock(buildsDir, () => prune(buildsDir, { keep })),
    // Locally every command waits for its work: there are no jobs to follow.
    jobs: { list: apiOnly('Jobs'), follow: apiOnly('Jobs'), cancel: apiOnly('Jobs') },
  };
}
