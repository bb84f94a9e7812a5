/**
 * Builds one app for production, the same way in the monorepo (scripts/build.ts) and in an app's
 * own folder outside it (`steel-build`, bin/steel-build.cjs).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { createAppConfig, type AppName } from './create-app-config';
import { createServerConfig } from './create-server-config';
import { writeAppManifest } from './app-manifest';
import { chunkGroupsOf } from './page-weights';

export function run(config: webpack.Configuration, label: string): Promise<webpack.Stats> {
  const compiler = webpack(config);
  return new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) => {
      compiler.close(() => undefined);
      if (error || !result) reject(error ?? new Error('webpack returned no stats'));
      else resolve(result);
    }),
  ).then((stats) => {
    if (stats.hasErrors()) {
      throw new Error(
        `Building ${label} failed:\n${stats.toString({ all: false, errors: true, errorDetails: true, colors: false })}`,
      );
    }
    if (stats.hasWarnings()) console.warn(stats.toString({ all: false, warnings: true, colors: false }));
    return stats;
  });
}

/** The compiler settings every app is built and checked with (this package's tsconfig.base.json). */
export const BASE_TSCONFIG = path.join(__dirname, '../tsconfig.base.json');

/**
 * The app's code against the contract: a build that does not compile is never published (types
 * are the contract's first check; the run-time schemas are the second). Only the app's own code
 * (tests are checked by the monorepo's `npm run typecheck`), with the shared compiler settings;
 * the kernel's source is checked as far as the app imports it.
 */
export function typecheck(app: AppName, root: string): void {
  // Under the app's node_modules, so that `types` resolve from the app's own installation.
  const config = path.join(root, 'node_modules/.cache/steel-build', `tsconfig.${app}.json`);
  fs.mkdirSync(path.dirname(config), { recursive: true });
  const include = [path.join(root, 'src'), path.join(__dirname, '../types')];
  fs.writeFileSync(
    config,
    JSON.stringify({
      extends: BASE_TSCONFIG,
      include,
      exclude: [path.join(root, '**/*.test.ts'), path.join(root, '**/*.test.tsx')],
    }),
  );
  const tsc = require.resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', config, '--noEmit'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${app} does not compile against the contract:\n${result.stdout}${result.stderr}`);
}

/**
 * Builds one app for production into `<root>/dist` (client), `<root>/dist/server` (its Node entry:
 * the server render where it has one, the contract and page list always) and
 * `<root>/dist/app-manifest.json`; resolves with the build time in ms. `dist` puts the same into
 * another folder (a build that must not touch the app's own `dist`, which another may be using).
 */
export async function buildApp(
  app: AppName,
  root: string,
  options: { typecheck?: boolean; dist?: string } = {},
): Promise<number> {
  // Tailwind minifies its output only in production. Only for the build: a caller that starts the
  // CMS afterwards (npm start, the e2e run) must not hand it NODE_ENV=production by accident —
  // in production the CMS refuses the repository's development secrets.
  const callersNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const started = Date.now();
    if (options.typecheck !== false) typecheck(app, root);
    const dist = options.dist ?? path.join(root, 'dist');
    const clientConfig = createAppConfig({ app, root, mode: 'production' });
    const serverConfig = createServerConfig({ app, root });
    const client = await run({ ...clientConfig, output: { ...clientConfig.output, path: dist } }, app);
    await run(
      { ...serverConfig, output: { ...serverConfig.output, path: path.join(dist, 'server') } },
      `${app} (server entry)`,
    );
    writeAppManifest(app, root, { dist, groups: chunkGroupsOf(client) });
    return Date.now() - started;
  } finally {
    if (callersNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callersNodeEnv;
  }
}
