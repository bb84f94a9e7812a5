import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The key routes pass axe-core with the rules Lighthouse's accessibility category runs — WCAG 2 A
 * and AA plus the best practices it adds (heading order, links told apart in a block of text, target
 * size…) — in light and dark colour mode, on a phone's screen (what Lighthouse's mobile run judges)
 * and a wide one (the listing is a table there, the filters a column). Every violation fails, not
 * only serious ones: Lighthouse scores every one.
 */

/** Lighthouse 12's axe configuration (its accessibility gatherer): the WCAG 2 A/AA tags and these rules on or off. */
const LIGHTHOUSE_AXE_OPTIONS = {
  runOnly: { type: 'tag' as const, values: ['wcag2a', 'wcag2aa'] },
  rules: Object.fromEntries([
    ...[
      'accesskeys',
      'aria-allowed-role',
      'aria-conditional-attr',
      'aria-deprecated-role',
      'aria-dialog-name',
      'aria-prohibited-attr',
      'aria-treeitem-name',
      'aria-text',
      'empty-heading',
      'heading-order',
      'html-xml-lang-mismatch',
      'identical-links-same-purpose',
      'image-redundant-alt',
      'input-button-name',
      'label-content-name-mismatch',
      'landmark-one-main',
      'link-in-text-block',
      'meta-viewport',
      'select-name',
      'skip-link',
      'tabindex',
      'table-duplicate-name',
      'table-fake-caption',
      'target-size',
      'td-has-header',
    ].map((rule) => [rule, { enabled: true }]),
    ...[
      'area-alt',
      'aria-braille-equivalent',
      'aria-roledescription',
      'audio-caption',
      'blink',
      'duplicate-id',
      'frame-focusable-content',
      'frame-title-unique',
      'marquee',
      'nested-interactive',
      'no-autoplay-audio',
      'role-img-alt',
      'scrollable-region-focusable',
      'server-side-image-map',
      'summary-name',
      'svg-img-alt',
    ].map((rule) => [rule, { enabled: false }]),
  ]),
};

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

          const results = await new AxeBuilder({ page }).options(LIGHTHOUSE_AXE_OPTIONS).analyze();
          const violations = results.violations.flatMap((violation) =>
            violation.nodes.map(
              (node) => `${violation.id}: ${node.target.join(' ')} — ${node.any[0]?.message ?? node.failureSummary}`,
            ),
          );
          expect(violations, `${path} (${colorScheme}, ${screen})`).toEqual([]);
        });
      }
    }
  });
}
