import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, waitUntilAdopted } from './support/test';
import { SPEC_PORTS, e2eBuildsDir, notHidden } from './support/environment';
import { startAppServer } from './support/app-server';

// The start-up is not awaited after every goto and reload: the page reloads and fails on purpose.
test.use({ waitForAdoption: false });

/**
 * Chunk errors (docs/behaviour.md, "Chunk errors") on a copy of the builds whose blog loses its exposed module after the
 * page has loaded — a deploy that removed files under a running page.
 */
let server: Awaited<ReturnType<typeof startAppServer>>;
let buildsDir: string;

test.beforeAll(async () => {
  buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-chunk-errors-'));
  fs.cpSync(e2eBuildsDir, buildsDir, { recursive: true, filter: notHidden });
  server = await startAppServer({ port: SPEC_PORTS.chunkErrors, buildsDir });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(buildsDir, { recursive: true, force: true });
});

test('a deleted chunk gives exactly one reload, then the error page, whose button returns home', async ({ page }) => {
  // Save-data turns link prefetch off (docs/behaviour.md, "Link prefetch"), so the blog's code is first asked for by the click.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true, effectiveType: '4g' },
      configurable: true,
    });
  });
  let documentLoads = 0;
  page.on('domcontentloaded', () => documentLoads++);
  await page.goto(`${server.url}/`);
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  // The first page adopted by the shell, so the footer link navigates in the page: pressed before,
  // it is a full page load of /blog, one document load more than the case under test.
  await waitUntilAdopted(page);

  const live = JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as { blog: string };
  const blogDir = path.join(buildsDir, 'blog', live.blog);
  const exposed = fs.readdirSync(blogDir).filter((file) => file.startsWith('__federation_expose_app.'));
  expect(exposed.length).toBeGreaterThan(0);
  for (const file of exposed) fs.rmSync(path.join(blogDir, file));

  await page.locator('footer a', { hasText: 'اخبار و مقالات' }).click();
  const error = page.getByTestId('remote-error');
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(`${server.url}/blog`);
  expect(documentLoads).toBe(2);
  await expect(error.getByRole('heading', { name: /خطا/ })).toBeVisible();
  await expect(error.getByTestId('error-status')).toHaveText('۵۰۰');
  await expect(error).toContainText('با خطا مواجه شدید. صفحه مورد نظر در دسترس نیست');
  await expect(error.getByRole('button', { name: 'تلاش مجدد' })).toBeVisible();
  // Contained: the layout around it still works.
  await expect(page.locator('header nav a', { hasText: 'میلگرد' })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  // The guard remembers the reload of this path.
  const stored = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('nuxt:reload') ?? 'null') as { path: string } | null,
  );
  expect(stored?.path).toBe('/blog');

  await error.getByRole('button', { name: 'بازگشت به صفحه اصلی' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
  expect(documentLoads).toBe(2);
});
