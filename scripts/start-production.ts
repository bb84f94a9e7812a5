/**
 * `npm run start:production`: the production arrangement on this machine — nginx, APP_SERVERS (2)
 * app servers from compiled JavaScript, each with its own cache folder, Redis, the platform's state
 * and the CMS on PostgreSQL, the versions' files in an object store (Swift)
 * (scripts/lib/production-arrangement.ts). Installs the Debian packages it needs when run as root;
 * builds whatever app has no live build in `.builds/`, which the first start moves into PostgreSQL
 * and the object store. PORT (8090) is nginx's and the app servers take PORT+21 onwards; CMS_PORT
 * (1339) the CMS's; STATE_DIR (.production) holds its state.
 * Its secrets are made on the first start into STATE_DIR/secrets.env and kept; a process that dies
 * is restarted (logged in STATE_DIR/processes.log). `npm run production:add-server` from another
 * terminal adds an app server while it runs. Ctrl+C stops everything, for good.
 */
import path from 'node:path';
import { buildAndPublish } from './build';
import { addAppServersOnSignal } from './lib/joining-servers';
import { missingBuilds } from './lib/missing-builds';
import { DEFAULT_STATE_DIR } from './lib/arrangement-paths';
import { buildsDir, repoRoot } from './lib/paths';
import { startArrangement } from './lib/production-arrangement';

async function main() {
  const port = Number(process.env.PORT ?? 8090);
  const cmsPort = Number(process.env.CMS_PORT ?? 1339);
  const appServers = Number(process.env.APP_SERVERS ?? 2);
  if (!Number.isInteger(appServers) || appServers < 1)
    throw new Error(`APP_SERVERS must be a whole number of app servers, 1 or more; got "${process.env.APP_SERVERS}"`);
  const stateDir = path.resolve(process.env.STATE_DIR ?? DEFAULT_STATE_DIR);
  const missing = missingBuilds(buildsDir);
  if (missing.length) {
    console.log(`No live build for: ${missing.join(', ')}. Building them (a few minutes)…`);
    await buildAndPublish(missing);
  }
  const arrangement = await startArrangement({
    port,
    cmsPort,
    buildsDir,
    appServers,
    stateDir,
  });
  // `npm run production:add-server` from another terminal: one more app server, nothing restarted.
  const stopAddingServers = addAppServersOnSignal(() => arrangement.addAppServer(), stateDir);
  const stop = () => {
    stopAddingServers();
    void arrangement.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(
    `\nThe production arrangement is up: ${arrangement.siteUrl}  (nginx → ${arrangement.appServerUrls.join(', ')}; Redis ${arrangement.redisUrl}; the platform in PostgreSQL and the object store ${arrangement.platformEnv.BUILD_STORE_ENDPOINT}; CMS ${arrangement.cmsUrl} on PostgreSQL)  Ctrl+C stops it.`,
  );
  console.log(
    `Secrets: ${path.relative(repoRoot, arrangement.secretsFile)} (mode 600). A process that dies is restarted; deaths and restarts: ${path.relative(repoRoot, arrangement.processLog)}.`,
  );
  const stateSetting = process.env.STATE_DIR ? `STATE_DIR=${process.env.STATE_DIR} ` : '';
  console.log(`One more app server, from another terminal: ${stateSetting}npm run production:add-server`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
