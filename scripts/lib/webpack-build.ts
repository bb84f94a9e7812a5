import webpack from 'webpack';
import { createAppConfig } from '../webpack/create-app-config';
import { createServerConfig } from '../webpack/create-server-config';
import { APP_FOLDERS, type AppName } from './paths';
import { generateCatalogueData } from '../generate-catalogue-data';

function run(config: webpack.Configuration, label: string): Promise<void> {
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

/** Apps that render on the server have a server entry beside their client build. */
export const SERVER_RENDERED_APPS: readonly AppName[] = ['shell', 'catalogue', 'blog'];

/**
 * Builds one app for production into `<app>/dist` (client) and `<app>/dist/server` (Node entry,
 * for the apps that render on the server); resolves with the build time in ms.
 */
export async function buildApp(app: AppName): Promise<number> {
  // Tailwind minifies its output only in production.
  process.env.NODE_ENV = 'production';
  generateCatalogueData();
  const started = Date.now();
  const root = APP_FOLDERS[app];
  await run(createAppConfig({ app, root, mode: 'production' }), app);
  if (SERVER_RENDERED_APPS.includes(app)) await run(createServerConfig({ app, root }), `${app} (server entry)`);
  return Date.now() - started;
}
