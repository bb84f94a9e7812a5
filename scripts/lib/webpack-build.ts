import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { createAppConfig } from '../webpack/create-app-config';
import { createServerConfig } from '../webpack/create-server-config';
import { APP_FOLDERS, repoRoot, type AppName } from './paths';
import { writeAppManifest } from './app-manifest';
import { generateCatalogueData } from '../generate-catalogue-data';

export function run(config: webpack.Configuration, label: string): Promise<void> {
  const compiler = webpack(config);
  return new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) => {
      compiler.close(() => undefined);
      if (error || !result) reject(error ?? new Error('webpack returned no stats'));
      else resolve(result);
    }),
  ).then((stats) => {
    if (stats.hasErrors()) {
      throw new Error(`Building ${label} failed:\n${stats.toString({ all: false, errors: true, errorDetails: true, colors: false })}`);
    }
    if (stats.hasWarnings()) console.warn(stats.toString({ all: false, warnings: true, colors: false }));
  });
}

/**
 * The app's code against the contract: a build that does not compile is never published (types
 * are the contract's first check; the run-time schemas are the second).
 */
function typecheck(app: AppName, root: string): void {
  // The app's own code (tests are checked by `npm run typecheck`), with the repository's settings.
  const config = path.join(repoRoot, `.tmp/tsconfig.build-${app}.json`);
  fs.mkdirSync(path.dirname(config), { recursive: true });
  fs.writeFileSync(config, JSON.stringify({ extends: '../tsconfig.json', include: [path.join(root, 'src'), path.join(repoRoot, 'types')], exclude: ['../**/*.test.ts', '../**/*.test.tsx'] }));
  const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/tsc'), ['-p', config, '--noEmit'], { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${app} does not compile against the contract:\n${result.stdout}${result.stderr}`);
}

/**
 * Builds one app for production into `<app>/dist` (client), `<app>/dist/server` (its Node entry:
 * the server render where it has one, the contract and page manifest always) and
 * `<app>/dist/app-manifest.json`; resolves with the build time in ms.
 */
export async function buildApp(app: AppName, options: { typecheck?: boolean } = {}): Promise<number> {
  // Tailwind minifies its output only in production.
  process.env.NODE_ENV = 'production';
  generateCatalogueData();
  const started = Date.now();
  const root = APP_FOLDERS[app];
  if (options.typecheck !== false) typecheck(app, root);
  await run(createAppConfig({ app, root, mode: 'production' }), app);
  await run(createServerConfig({ app, root }), `${app} (server entry)`);
  writeAppManifest(app, root);
  return Date.now() - started;
}
