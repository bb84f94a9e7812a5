import { expect, test, type Page } from './support/test';
import { axeViolations } from './support/axe';

/**
 * The key routes pass axe-core with the rules Lighthouse's accessibility category runs — WCAG 2 A
 * and AA plus the best practices it adds (heading order, links told apart in a block of text, target
 * size…) — in light and dark colour mode, on a phone's screen (what Lighthouse's mobile run judges)
 * and a wide one (the listing is a table there, the filters a column). Every violation fails, not
 * only serious ones: Lighthouse scores every one.
 */

/** The first link of a list page, for the product and the article (whatever the CMS lists first). */
async function firstLinkOf(page: Page, listPath: string, links: string): Promise<string> {
  await page.goto(listPath);
  const href = await page.locator(links).first().getAttribute('href');
  if (!href) throw new Error(`${listPath} lists nothing to open`);
  return href;
}

const ROUTES: Array<{ name: string; app: string; path: (page: Page) => Promise<string> | string }> = [
  { name: 'home', app: 'catalogue', path: () => '/' },
  { name: 'a sub-category', app: 'catalogue', path: () => '/rebar/kalaf' },
  {
    name: 'a product',
    app: 'catalogue',
    path: (page) => firstLinkOf(page, '/rebar/kalaf', '[data-listing="cards"] [data-product] a[href^="/rebar/kalaf/"]'),
  },
  { name: 'the blog', app: 'blog', path: () => '/blog' },
  { name: 'an article', app: 'blog', path: (page) => firstLinkOf(page, '/blog', '#app-blog article h2 a') },
  { name: 'sign-in', app: 'panel', path: () => '/login' },
  { name: 'the bourse', app: 'catalogue', path: () => '/landing/bourse' },
  { name: 'the weight table', app: 'catalogue', path: () => '/weight_table' },
];

const SCREENS = {
  phone: { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true },
  wide: { viewport: { width: 1350, height: 940 } },
};

for (const [screen, device] of Object.entries(SCREENS)) {
  test.describe(`on a ${screen} screen`, () => {
    test.use(device);
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const route of ROUTES) {
        test(`${route.name} in ${colorScheme} mode has no accessibility violation`, async ({ page }) => {
          // axe walks the whole page and computes every text's contrast: slow on two shared cores.
          test.setTimeout(120_000);
          await page.emulateMedia({ colorScheme });
          const path = await route.path(page);
          await page.goto(path);
          await expect(page.locator('html')).toHaveClass(colorScheme);
          await expect(page.locator(`#app-${route.app} h1`)).toBeVisible();
          await page.waitForLoadState('networkidle');

          expect(await axeViolations(page), `${path} (${colorScheme}, ${screen})`).toEqual([]);
        });
      }
    }
  });
}
