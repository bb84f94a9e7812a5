/**
 * `npm run build [app…]`: builds the apps for production (all by default) and publishes each
 * build into BUILDS_DIR as the live version through the deploy platform's one way of changing the
 * live set, recorded in its release log (lib/publish.ts says how the gate applies to a local build).
 * With no app named it also compiles the app server into deploy/server/dist (node dist/main.js, no tsx).
 */
import path from 'node:path';
import { buildApp } from './lib/webpack-build';
import { APPS, appFolder, buildsDir as defaultBuildsDir, type AppName } from './lib/paths';
import { publishAndActivate } from './lib/publish';
import { compileServer } from './lib/server-release';

export async function buildAndPublish(
  apps: readonly AppName[],
  buildsDir = defaultBuildsDir,
): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  for (const app of apps) {
    process.stdout.write(`Building ${app}… `);
    timings[app] = await buildApp(app);
    const version = await publishAndActivate(buildsDir, app, path.join(appFolder(app), 'dist'));
    console.log(`${(timings[app] / 1000).toFixed(1)} s, live as ${version}`);
  }
  return timings;
}

if (require.main === module) {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((app) => !APPS.includes(app));
  if (unknown.length) {
    console.error(`Unknown app: ${unknown.join(', ')} (apps: ${APPS.join(', ')})`);
    process.exit(2);
  }
  buildAndPublish(requested.length ? requested : APPS)
    .then(async () => {
      if (requested.length) return;
      process.stdout.write('Compiling the app server… ');
      console.log(`${((await compileServer()) / 1000).toFixed(1)} s, deploy/server/dist`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
