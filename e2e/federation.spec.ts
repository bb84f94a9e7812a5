import { expect, test } from './support/test';
import { countScriptsContaining, packagesIn, recordScripts } from './support/loaded-code';
import { signInAsDemo } from './support/sign-in';

test('a journey through all three remotes loads React once and never reloads the page', async ({ page, request }) => {
  const scripts = recordScripts(page);
  let documentLoads = 0;
  page.on('domcontentloaded', () => documentLoads++);

  await page.goto('/');
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await page.evaluate(() => Object.assign(window, { journeyMarker: 'still the same document' }));

  // catalogue → catalogue (a card), → blog (footer), → panel (account entry), → panel section,
  // → catalogue (header menu), → catalogue group page (header sub-menu), → blog again.
  await page
    .locator('#app-catalogue a')
    .filter({ has: page.getByRole('heading', { name: 'ورق', exact: true }) })
    .click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('ورق');

  await page.locator('footer a', { hasText: 'اخبار و مقالات' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.locator('#app-blog h1')).toHaveText('اخبار و مقالات');
  await expect(page.locator('#app-catalogue')).toBeEmpty();

  await page.locator('header a', { hasText: 'ورود / ثبت‌نام' }).click();
  await expect(page.locator('#app-panel h1')).toHaveText('ورود / ثبت‌نام');
  await expect(page.locator('#app-blog')).toBeEmpty();

  await page.goBack();
  await expect(page.locator('#app-blog h1')).toHaveText('اخبار و مقالات');

  await page.locator('header nav a', { hasText: 'میلگرد' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');

  await page
    .locator('header nav > ul > li')
    .filter({ has: page.getByRole('link', { name: 'لوله', exact: true }) })
    .hover();
  await page.locator('header nav a', { hasText: 'لوله درزدار' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('لوله درزدار');

  expect(documentLoads).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker)).toBe(
    'still the same document',
  );

  const packages = await packagesIn(request, scripts);
  expect(countScriptsContaining(packages, 'react/cjs/react.production.js')).toBe(1);
  expect(countScriptsContaining(packages, 'react-dom/cjs/react-dom-client.production.js')).toBe(1);
  expect(countScriptsContaining(packages, 'react-dom/cjs/react-dom.production.js')).toBe(1);
  // React Router once too: the kit's router module, shared by the three remotes (not one copy each).
  const routerFiles = new Set([...packages.values()].flat().filter((source) => source.startsWith('react-router/')));
  expect(routerFiles.size).toBeGreaterThan(0);
  for (const file of routerFiles) expect(countScriptsContaining(packages, file)).toBe(1);
  // All three remotes were really loaded over the journey.
  for (const app of ['catalogue', 'blog', 'panel']) {
    expect(scripts.some((url) => url.includes(`/builds/${app}/`) && url.endsWith('/remoteEntry.js'))).toBe(true);
  }
});

test('leaving a remote removes its stylesheet; entering it again brings it back', async ({ page }) => {
  await page.goto('/rebar');
  await expect(page.locator('style[data-app="catalogue"]')).toHaveCount(1);
  await page.locator('footer a', { hasText: 'اخبار و مقالات' }).click();
  await expect(page.locator('#app-blog h1')).toHaveText('اخبار و مقالات');
  await expect(page.locator('style[data-app="catalogue"]')).toHaveCount(0);
  await expect(page.locator('style[data-app="blog"]')).toHaveCount(1);
  await page.goBack();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
  await expect(page.locator('style[data-app="catalogue"]')).toHaveCount(1);
  await expect(page.locator('style[data-app="blog"]')).toHaveCount(0);
});

test("a remote's stylesheet never restyles the shell around it", async ({ page, context, request }) => {
  await signInAsDemo(context, request); // /panel/order is behind the auth guard
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/panel/order');
  await expect(page.locator('#app-panel h1')).toHaveText('سفارش‌ها');
  // The panel's utilities include `.flex-col`; the shell's auth layout is a row from md upwards.
  const layoutBody = page.locator('[data-layout="auth"] [data-layout-body]');
  await expect(layoutBody).toHaveCSS('flex-direction', 'row');
  // Inside the remote, its own rules apply.
  await expect(page.locator('#app-panel h1')).toHaveCSS('font-weight', '700');
});
