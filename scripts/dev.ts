/**
 * `npm run dev`: the CMS, the shell and the three remotes in watch mode; the shell's dev server
 * (http://localhost:8080) answers /remotes.json with the remotes' dev servers.
 * `npm run dev -w mf-blog` (or `tsx scripts/dev.ts blog`): one remote alone in its harness page.
 */
import path from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { createAppConfig, createServerConfig, describeBuiltApp, run as runWebpack } from '@steel/build';
import { generateCatalogueData } from './generate-catalogue-data';
import { APPS, appFolder, REMOTES, repoRoot, type AppName } from './lib/paths';
import { shareServerSettings, startProcess } from './lib/processes';
import { IMAGE_ROUTE, IMAGE_WIDTHS, isUploadPath } from '@steel/shared/image-widths';
import { defaultRuntimeConfig } from '@steel/contract';
import { resizeUpload } from '@steel/server/responsive-images';

/** Dev-server ports: the shell on 8080 like production, each remote on its own from 3001 (the seed's order). */
const devPort = (app: AppName) => (app === 'shell' ? 8080 : 3001 + REMOTES.indexOf(app));

/**
 * The registry the dev shell serves: each remote's dev server, with the contract, shared ranges
 * and pages its source declares — read from a server entry built once at start (the shell routes
 * by the pages, so a page added while `npm run dev` runs needs a restart).
 */
async function devRegistry() {
  const entries: Array<[string, object]> = [];
  for (const app of REMOTES) {
    const root = appFolder(app);
    const out = path.join(repoRoot, '.tmp/dev-server-entries', app);
    const config = createServerConfig({ app, root });
    await runWebpack({ ...config, output: { ...config.output, path: out } }, `${app} (server entry, for its pages)`);
    entries.push([
      app,
      {
        version: 'dev',
        entry: `http://localhost:${devPort(app)}/mf-manifest.json`,
        ...describeBuiltApp(app, root, path.join(out, 'index.js')),
      },
    ]);
  }
  return Object.fromEntries(entries);
}

async function startDevServer(app: AppName, registry: object = {}): Promise<void> {
  const compiler = webpack(createAppConfig({ app, root: appFolder(app), mode: 'development' }));
  const server = new WebpackDevServer(
    {
      host: '127.0.0.1',
      port: devPort(app),
      allowedHosts: ['localhost', '127.0.0.1'],
      hot: false,
      liveReload: true,
      historyApiFallback: true,
      // Remotes are fetched cross-origin by the shell.
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { warnings: false, errors: true } },
      setupMiddlewares: (middlewares, devServer) => {
        // The app server's image route, so `ResponsiveImage` works in development and in the harness too.
        devServer.app?.get(IMAGE_ROUTE, (request, response) => {
          const src = typeof request.query['src'] === 'string' ? request.query['src'] : '';
          const width = Number(request.query['w']);
          if (!isUploadPath(src) || !IMAGE_WIDTHS.includes(width)) return void response.status(400).end();
          resizeUpload(new URL(defaultRuntimeConfig.cmsUrl).origin, src, width).then(
            (image) => response.type('image/webp').send(image),
            () => response.status(502).end(),
          );
        });
        if (app === 'shell') {
          devServer.app?.get('/remotes.json', (_request, response) => {
            response.set('Cache-Control', 'no-store').json(registry);
          });
          devServer.app?.get('/builds/latest.json', (_request, response) => {
            response.set('Cache-Control', 'no-store').json({ id: 'dev', timestamp: 0 });
          });
        }
        return middlewares;
      },
    },
    compiler,
  );
  await server.start();
  console.log(`${app}: http://localhost:${devPort(app)}`);
}

async function main() {
  shareServerSettings();
  generateCatalogueData();
  const only = process.argv[2];
  if (only) {
    if (!APPS.includes(only)) throw new Error(`Unknown app ${only} (apps: ${APPS.join(', ')})`);
    await startDevServer(only);
    if (only !== 'shell')
      console.log(`The ${only} remote runs alone in its harness: http://localhost:${devPort(only)}`);
    return;
  }
  const cms = startProcess('cms', process.execPath, ['scripts/start.js'], { cwd: path.join(repoRoot, 'deploy/cms') });
  process.on('SIGINT', () => void cms.stop().then(() => process.exit(0)));
  process.on('SIGTERM', () => void cms.stop().then(() => process.exit(0)));
  for (const app of REMOTES) await startDevServer(app);
  await startDevServer('shell', await devRegistry());
  console.log('\nDevelopment site: http://localhost:8080 (rebuilds on save)');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
