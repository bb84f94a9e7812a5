import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { SPEC_PORTS, e2eBuildsDir, notHidden, repoRoot, tsxBin } from './support/environment';
import { startAppServer } from './support/app-server';
import { preparedBuild } from './support/prepared-builds';
import { listingRowBasketButton } from './support/inquiry-basket';
import { run as deploy } from '@steel/server/deploy-cli';
import { publishAndActivate } from '../scripts/lib/publish';

/**
 * The monolith `npm run bench` compares the federated site with (scripts/monolith/): the same
 * source in one bundle, served as the shell by the same app server. A measuring stick that no
 * longer works would make the comparison lie, so it is built and walked here — with the inquiry
 * team's app live too, as the bench has it: its slots and its pages from the one bundle.
 */
// One monolith and one server on this spec's port, for both tests.
test.describe.configure({ mode: 'serial' });

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
  // The inquiry app registered and live in this folder, as the bench's site has it (a developer's
  // own folder: it goes live without the gate).
  const env = { ...process.env, BUILDS_DIR: buildsDir };
  await deploy(['apps', 'add', 'inquiry', '--paths', '/inquiry/**', '--owner', 'inquiry-team'], () => {}, env);
  await publishAndActivate(buildsDir, 'inquiry', await preparedBuild('inquiry'));
  server = await startAppServer({ port: SPEC_PORTS.monolith, buildsDir, env: { REMOTE_PRELOAD_HINTS: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(buildsDir, { recursive: true, force: true });
  fs.rmSync(monolithDist, { recursive: true, force: true });
});

/** Every script the page requests, by path. */
function scriptsOf(page: import('@playwright/test').Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test('serves the server-rendered pages, hydrates them and navigates between apps, all from one bundle', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  const errors: string[] = [];
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

test("runs the inquiry app's slots and pages from the same bundle", async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto(`${server.url}/rebar/kalaf`);
  await listingRowBasketButton(page).click();
  // The row's contribution hydrated and ran; the basket's first line brings the header's counter.
  await expect(page.locator('header [data-inquiry-count]')).toHaveAttribute('data-inquiry-count', '1');
  await page.locator('header [data-inquiry-count]').click();
  await expect(page).toHaveURL(/\/inquiry$/);
  await expect(page.locator('#app-inquiry h1')).toBeVisible();
  expect(scripts.filter((script) => !script.startsWith('/builds/shell/'))).toEqual([]);
});
