/**
 * The monorepo's side of building an app: the catalogue data the kernel embeds is generated
 * first, then @steel/build (mf-build/) builds it — the same code a team runs with `steel-build`
 * outside the monorepo.
 */
import { buildApp as buildAppIn } from '@steel/build';
import { appFolder, type AppName } from './paths';
import { generateCatalogueData } from '../generate-catalogue-data';

export { run } from '@steel/build';

/**
 * Builds one app for production into `<app>/dist` (client), `<app>/dist/server` and
 * `<app>/dist/app-manifest.json` (or the same into `options.dist`); resolves with the build time in ms.
 */
export async function buildApp(app: AppName, options: { typecheck?: boolean; dist?: string } = {}): Promise<number> {
  generateCatalogueData();
  return buildAppIn(app, appFolder(app), options);
}
