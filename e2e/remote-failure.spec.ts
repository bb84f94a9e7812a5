import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { SPEC_PORTS, e2eBuildsDir } from './support/environment';
import { startAppServer } from './support/app-server';

// The start-up is not awaited after goto: its remote never starts.
test.use({ waitForAdoption: false });

/**
 * A deploy whose blog entry answers 404: the same builds, but live.json points the blog at a
 * version folder that does not exist.
 */
let server: Awaited<ReturnType<typeof startAppServer>>;
let brokenBuildsDir: string;

test.beforeAll(async () => {
  brokenBuildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-broken-blog-'));
  for (const app of ['shell', 'catalogue', 'blog', 'panel']) {
    fs.symlinkSync(path.join(e2eBuildsDir, app), path.join(brokenBuildsDir, app));
  }
  const live = JSON.parse(fs.readFileSync(path.join(e2eBuildsDir, 'live.json'), 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(
    path.join(brokenBuildsDir, 'live.json'),
    JSON.stringify({ ...live, blog: 'deleted00000', rollbackStack: {} }),
  );
  server = await startAppServer({ port: SPEC_PORTS.remoteFailure, buildsDir: brokenBuildsDir });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(brokenBuildsDir, { recursive: true, force: true });
});

test('with the blog entry answering 404 the blog shows an in-layout error; the rest works', async ({ page }) => {
  const entryStatuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/builds/blog/')) entryStatuses.push(response.status());
  });

  await page.goto(`${server.url}/blog`);
  const error = page.getByTestId('remote-error');
  await expect(error).toContainText('این بخش از سایت در حال حاضر بارگیری نشد');
  await expect(error.getByRole('button', { name: 'تلاش مجدد' })).toBeVisible();
  expect(entryStatuses).toContain(404);
  await expect(page.locator('header nav a', { hasText: 'میلگرد' })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();

  // Retrying against the same broken deploy fails again, visibly.
  await error.getByRole('button', { name: 'تلاش مجدد' }).click();
  await expect(page.getByTestId('remote-error')).toBeVisible();

  // The catalogue and the panel still work, without a reload.
  await page.locator('header nav a', { hasText: 'میلگرد' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
  await page.locator('header a', { hasText: 'ورود / ثبت‌نام' }).click();
  await expect(page.locator('#app-panel h1')).toHaveText('ورود / ثبت‌نام');

  await page.goto(`${server.url}/blog/some-article`);
  await expect(page.getByTestId('remote-error')).toBeVisible();
});
