/**
 * @jest-environment node
 *
 * The app server runs from compiled JavaScript and a production-only install: no tsx, no
 * devDependency, no workspace source. The release folder (scripts/lib/server-release.ts) lies in
 * the OS temp folder, outside the repository, so Node cannot find the monorepo's node_modules
 * from there; a page rendered through it proves the server, its render worker and React all come
 * from dist/ and that install. The install takes a network `npm install` the first time (about a
 * minute), so the folder is kept between runs, named after the dependency hash.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { prepareServerRelease, serverDependencies, serverDependencyHash } from '../../../scripts/lib/server-release';
import { addServerEntries, liveFixture, type Fixture } from './testing/fixtures';
import { startServerProcess } from './testing/server-process';

const run = promisify(execFile);

let fx: Fixture | null = null;
let cms: http.Server | null = null;
let server: ChildProcess | null = null;

afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    process.kill(server.pid, 'SIGTERM');
    await exited;
  }
  if (cms) await new Promise((resolve) => cms!.close(resolve));
  await fx?.cleanup();
});

test('the compiled server renders a page from a production-only install', async () => {
  const releaseDir = path.join(os.tmpdir(), `steel-server-release-${serverDependencyHash()}`);
  const { mainFile } = await prepareServerRelease(releaseDir);

  // sharp's native binary came from the registry (@img/* packages), not from a local build.
  const sharp = await run(
    process.execPath,
    [
      '-e',
      "require('sharp')({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).webp().toBuffer().then((b) => console.log(b.length))",
    ],
    { cwd: releaseDir },
  );
  expect(Number(sharp.stdout)).toBeGreaterThan(0);

  fx = await liveFixture();
  await addServerEntries(fx);
  // The page renders with React, which the bundle leaves to the worker's require: it must
  // resolve from the release's own node_modules.
  const entry = path.join(fx.buildsDir, 'catalogue', fx.versions.catalogue, 'server', 'index.js');
  const withReact =
    "head: { title: text + ' ' + require('react-dom/server').renderToStaticMarkup(require('react').createElement(require('react').Fragment, null, 'react ' + require('react').version)) }";
  await writeFile(entry, (await readFile(entry, 'utf8')).replace('head: { title: text }', withReact));

  cms = http.createServer(
    (_request, response) => void response.writeHead(200, { 'content-type': 'text/plain' }).end('content'),
  );
  await new Promise<void>((resolve) => cms!.listen(0, '127.0.0.1', resolve));
  const cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;

  // Only what a server needs: no NODE_OPTIONS or NODE_PATH from the test run (no tsx loader).
  const started = await startServerProcess({
    args: [mainFile],
    cwd: releaseDir,
    env: {
      BUILDS_DIR: fx.buildsDir,
      DEPLOY_KEYS_FILE: path.join(fx.root, 'deploy-keys.json'),
      CMS_INTERNAL_URL: cmsUrl,
      SSR_THREADS: '1',
      SSR_TIME_LIMIT_MS: '5000',
      HEALTH_MONITOR: 'off',
      RENDER_RATE_LIMIT_PER_MINUTE: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  server = started.child;
  expect(started.health).toMatchObject({ status: 'ok', pid: server.pid });

  const page = await fetch(`${started.base}/rebar/a`);
  const html = await page.text();
  expect(page.status).toBe(200);
  // Rendered by dist/render-worker.js, with the release's React.
  expect(html).toContain(`<title>content react ${serverDependencies().react} |`);
  expect(started.output()).not.toMatch(/error/i);
}, 300_000);
