import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SPEC_PORTS, e2eBuildsDir } from './support/environment';
import { startAppServer } from './support/app-server';

/**
 * Version polling (docs/behaviour.md, "Version polling") against an app server of its own, polling every second, on a
 * builds folder whose live set the test changes: the catalogue gets "redeployed" under a new
 * version name (a link to the same build), which changes /builds/latest.json's id.
 */
let server: Awaited<ReturnType<typeof startAppServer>>;
let buildsDir: string;
let live: Record<string, unknown>;

test.beforeAll(async () => {
  buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-version-check-'));
  live = JSON.parse(fs.readFileSync(path.join(e2eBuildsDir, 'live.json'), 'utf8')) as Record<string, unknown>;
  for (const app of ['shell', 'catalogue', 'blog', 'panel']) {
    fs.mkdirSync(path.join(buildsDir, app));
    for (const version of fs.readdirSync(path.join(e2eBuildsDir, app))) {
      fs.symlinkSync(path.join(e2eBuildsDir, app, version), path.join(buildsDir, app, version));
    }
  }
  fs.symlinkSync(path.join(e2eBuildsDir, 'catalogue', String(live.catalogue)), path.join(buildsDir, 'catalogue', 'redeployed-1'));
  fs.writeFileSync(path.join(buildsDir, 'live.json'), JSON.stringify({ ...live, history: {} }));
  server = await startAppServer({ port: SPEC_PORTS.versionCheck, buildsDir, env: { VERSION_CHECK_INTERVAL_MS: '1000' } });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(buildsDir, { recursive: true, force: true });
});

test('a new live set makes the next link click a full page load, and only that one', async ({ page }) => {
  let documentLoads = 0;
  page.on('domcontentloaded', () => documentLoads++);
  await page.goto(`${server.url}/`);
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  const startId = (await (await page.request.get(`${server.url}/builds/latest.json`)).json()) as { id: string };

  // Polling with the same id changes nothing.
  await page.waitForResponse((response) => response.url().includes('/builds/latest.json?'));
  await page.locator('header nav a', { hasText: 'میلگرد' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
  await page.goBack();
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  expect(documentLoads).toBe(1);

  // Deploy: live.json is replaced by rename, as the deploy tool does.
  const next = path.join(buildsDir, 'live.json.next');
  fs.writeFileSync(next, JSON.stringify({ ...live, catalogue: 'redeployed-1', updatedAt: Date.now(), history: {} }));
  fs.renameSync(next, path.join(buildsDir, 'live.json'));
  const changed = await page.waitForResponse(async (response) => {
    if (!response.url().includes('/builds/latest.json?')) return false;
    return ((await response.json()) as { id: string }).id !== startId.id;
  });
  expect(changed.ok()).toBe(true);
  // Polling stops once the new id is seen: no request for two more intervals.
  let pollsAfter = 0;
  page.on('request', (request) => {
    if (request.url().includes('/builds/latest.json?')) pollsAfter++;
  });
  await page.waitForTimeout(2000);
  expect(pollsAfter).toBe(0);

  // The next navigation is a full page load of its target…
  await page.locator('header nav a', { hasText: 'میلگرد' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
  await expect.poll(() => documentLoads).toBe(2);
  const served = await page.evaluate(() => JSON.parse(document.getElementById('runtime-config')?.textContent ?? '{}') as { buildId: string });
  expect(served.buildId).not.toBe(startId.id);

  // …and only that one: later clicks (another app too) stay in the page.
  await page.locator('footer a', { hasText: 'اخبار و مقالات' }).click();
  await expect(page.locator('#app-blog h1')).toBeVisible();
  await page.goBack();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
  expect(documentLoads).toBe(2);
});
