import webpack from 'webpack';
import { createAppConfig } from '../webpack/create-app-config';
import { APP_FOLDERS, type AppName } from './paths';
import { generateCatalogueData } from '../generate-catalogue-data';

/** Builds one app for production into `<app>/dist`; resolves with the build time in ms. */
export async function buildApp(app: AppName): Promise<number> {
  // Tailwind minifies its output only in production.
  process.env.NODE_ENV = 'production';
  generateCatalogueData();
  const started = Date.now();
  const compiler = webpack(createAppConfig({ app, root: APP_FOLDERS[app], mode: 'production' }));
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) => {
      compiler.close(() => undefined);
      if (error || !result) reject(error ?? new Error('webpack returned no stats'));
      else resolve(result);
    }),
  );
  if (stats.hasErrors()) {
    throw new Error(`Building ${app} failed:\n${stats.toString({ all: false, errors: true, errorDetails: true, colors: false })}`);
  }
  if (stats.hasWarnings()) console.warn(stats.toString({ all: false, warnings: true, colors: false }));
  return Date.now() - started;
}
