import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { SPEC_PORTS, e2eBuildsDir, notHidden, repoRoot, tsxBin } from './support/environment';
import { startAppServer } from './support/app-server';

/**
 * The monolith `npm run bench` compares the federated site with (scripts/monolith/): the same
 * source in one bundle, served as the shell by the same app server. A measuring stick that no
 * longer works would make the comparison lie, so it is built and walked here.
 */
let server: Awaited<ReturnType<typeof startAppServer>>;
let buildsDir: string;
let monolithDist: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-monolith-'));
  monolithDist = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-monolith-dist-'));
  fs.cpSync(e2eBuildsDir, buildsDir, { recursive: true, filter: notHidden });
  const built = spawnSync(tsxBin, ['scripts/monolith/build-monolith.ts', '--publish', buildsDir], {
    cwd: repoRoot,
    env: { ...process.env, MONOLITH_DIST: monolithDist },
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  server = await startAppServer({ port: SPEC_PORTS.monolith, buildsDir, env: { REMOTE_PRELOAD_HINTS: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(buildsDir, { recursive: true, force: true });
  fs.rmSync(monolithDist, { recursive: true, force: true });
});

test('serves the server-rendered pages, hydrates them and navigates between apps, all from one bundle', async ({
  page,
}) => {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  let documentLoads = 0;
  page.on('domcontentloaded', () => documentLoads++);

  await page.goto(`${server.url}/`);
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await page.locator('footer a[href="/blog"]').click();
  await expect(page.locator('#app-blog h1')).toHaveText('اخبار و مقالات');
  await page.locator('#app-blog article h2 a').first().click();
  await expect(page.locator('#app-blog article h1')).toBeVisible();

  // Client navigations (hydrated), every script from the shell's folder: no remote was loaded.
  expect(documentLoads).toBe(1);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => !script.startsWith('/builds/shell/'))).toEqual([]);
  expect(errors).toEqual([]);
});
