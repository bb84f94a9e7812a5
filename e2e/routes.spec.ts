import { expect, test, type Page } from './support/test';
import { findPageRoute } from '@steel/contract/app-manifest';
import {
  NOT_WALKED,
  REDIRECTS,
  ROUTE_TABLE_PAGES,
  TREE_PAGES,
  publishedPages,
  type ExpectedPage,
} from './support/expected-pages';
import { e2eBuildsDir } from './support/environment';
import { signInAsDemo } from './support/sign-in';

async function expectPage(page: Page, expected: ExpectedPage) {
  // The heading must be inside the outlet of the app that owns the path.
  await expect(page.locator(`#app-${expected.app} h1`)).toHaveText(expected.heading);
  await expect(page.locator('main h1')).toHaveCount(1);
  await expect(page.locator('header nav a').first()).toBeVisible();
}

test('the lists walk every page the live remotes publish, each in the app that publishes it', async () => {
  const published = await publishedPages(e2eBuildsDir);
  const walked = new Set<string>();
  for (const expected of [...ROUTE_TABLE_PAGES, ...TREE_PAGES]) {
    const owner = findPageRoute(published, expected.path);
    expect(owner?.app, expected.path).toBe(expected.app);
    if (owner) walked.add(owner.route.path);
  }
  const unwalked = Object.values(published).flatMap((routes) => routes.map((route) => route.path));
  expect(unwalked.filter((path) => !walked.has(path)).sort()).toEqual(Object.keys(NOT_WALKED).sort());
});

test.describe('every path of the route table', () => {
  for (const expected of ROUTE_TABLE_PAGES) {
    test(`${expected.path} → ${expected.app}`, async ({ page, context, request }) => {
      // /panel/** is behind the auth guard (e2e/auth-guard.spec.ts covers the signed-out visit).
      if (expected.path.startsWith('/panel')) await signInAsDemo(context, request);
      await page.goto(expected.path);
      await expectPage(page, expected);
    });
  }

  test('paths match with a trailing slash too', async ({ page, context, request }) => {
    await signInAsDemo(context, request);
    for (const expected of [
      ROUTE_TABLE_PAGES[1],
      ROUTE_TABLE_PAGES.find((p) => p.path === '/blog'),
      ROUTE_TABLE_PAGES.find((p) => p.path === '/panel/order'),
    ]) {
      await page.goto(`${expected!.path}/`);
      await expectPage(page, expected!);
    }
  });
});

test.describe('the category tree', () => {
  test('has 101 sub-category pages', () => {
    expect(
      TREE_PAGES.filter(
        (p) => p.path.split('/').length === (p.path.startsWith('/sheet/') || p.path.startsWith('/pipe/') ? 4 : 3),
      ),
    ).toHaveLength(101);
  });

  for (const expected of TREE_PAGES) {
    test(`${expected.path}`, async ({ page }) => {
      await page.goto(expected.path);
      await expectPage(page, expected);
    });
  }
});

test.describe('redirects', () => {
  for (const redirect of REDIRECTS) {
    test(`${redirect.from} → ${redirect.to}`, async ({ page }) => {
      await page.goto(redirect.from);
      await expect(page).toHaveURL(new URL(redirect.to, page.url()).href);
      await expect(page.locator('main h1')).toHaveText(redirect.heading);
    });
  }
});

test.describe('where a new page starts', () => {
  test('a link from the bottom of a page opens the next page at its top; a new sort order keeps the place', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('[data-ssr-url]')).toHaveCount(0);
    await page.locator('footer a[href="/experts"]').click();
    await expect(page.locator('main h1')).toHaveText('کارشناسان فروش');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goto('/rebar/kalaf');
    await page.getByLabel('مرتب‌سازی:').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await page.getByLabel('مرتب‌سازی:').selectOption('price-asc');
    await expect(page).toHaveURL(/sort=price-asc/);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});
