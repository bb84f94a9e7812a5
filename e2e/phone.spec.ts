import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type Locator, type Page } from './support/test';
import { ROUTE_TABLE_PAGES, TREE_PAGES, domainCategories, type ExpectedPage } from './support/expected-pages';
import { signInAsDemo } from './support/sign-in';
import { stickingOut } from './support/overflow';

/**
 * The site on a phone, in Chromium with the Pixel 7 profile (touch, mobile viewport):
 * the one-row header and its menu drawer, no page wider than a 360 px screen, the panel's
 * sections as a tab row, finger-sized targets, and axe-core on the header, drawer and panel frame.
 */

// The profile without its browser choice (the suite runs in Debian's Chromium already).
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
const NARROW = { width: 360, height: 800 };

const siteHeader = (page: Page) => page.locator('[data-layout] > header');
const menuButton = (page: Page) => siteHeader(page).getByRole('button', { name: 'منو' });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'منوی سایت' });
const panelTabs = (page: Page) => page.getByRole('navigation', { name: 'بخش‌های پنل کاربری' });
const focusIsInside = (locator: Locator) => locator.evaluate((element) => element.contains(document.activeElement));

/** The first sub-category of sheet's first group, from the domain data. */
const sheet = domainCategories.find((category) => category.slug === 'sheet')!;
const sheetGroup = sheet.groups![0]!;
const sheetSubcategory = sheetGroup.subcategories[0]!;

/** Opens a path and waits for its page (the owning app's heading) and its data to arrive. */
async function openPage(page: Page, expected: Pick<ExpectedPage, 'path' | 'app' | 'heading'>) {
  await page.goto(expected.path);
  await expect(page.locator(`#app-${expected.app} h1`)).toHaveText(expected.heading);
  await page.waitForLoadState('networkidle');
}

/** What hydration or React would complain about, from the page's console. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat|did not match|#418|#419|#422|#423|#425/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Serious and critical axe-core violations inside `selector`, in a readable form. */
async function seriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Visible interactive elements inside `container` smaller than 44 × 44 CSS px. */
async function smallTargets(container: Locator): Promise<string[]> {
  return container.evaluateAll((roots) =>
    roots.flatMap((root) =>
      [
        ...root.querySelectorAll<HTMLElement>(
          'a[href], button, summary, input, select, textarea, [role="radio"], [role="tab"]',
        ),
      ]
        .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden')
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(
          ({ element, box }) =>
            `${element.tagName} «${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim()}» ${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    ),
  );
}

test.describe('the header on a phone', () => {
  test.use({ ...pixel7 });

  test('one row at most 64 px tall: brand, search, account and menu; server markup hydrates without a warning', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await openPage(page, { path: '/rebar', app: 'catalogue', heading: 'میلگرد' });
    const header = siteHeader(page);
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
    for (const control of [
      header.getByRole('link', { name: 'بازار آهن‌آلات' }),
      header.getByRole('button', { name: 'جستجو' }),
      header.getByRole('link', { name: 'ورود / ثبت‌نام' }),
      menuButton(page),
    ]) {
      await expect(control).toBeVisible();
    }
    // The wide header's category row and colour switch live in the drawer on phones.
    await expect(header.getByRole('navigation', { name: 'دسته‌بندی محصولات' })).toBeHidden();
    await expect(header.getByRole('radiogroup', { name: 'حالت رنگ' })).toBeHidden();
    expect(await smallTargets(header)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the search button opens the search palette', async ({ page }) => {
    await openPage(page, { path: '/rebar', app: 'catalogue', heading: 'میلگرد' });
    await siteHeader(page).getByRole('button', { name: 'جستجو' }).tap();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('combobox')).toBeFocused();
  });

  test('the drawer reaches a sheet sub-category in two taps and closes on the navigation', async ({ page }) => {
    const problems = watchConsole(page);
    await openPage(page, { path: '/rebar', app: 'catalogue', heading: 'میلگرد' });
    await menuButton(page).tap();
    await expect(drawer(page)).toBeVisible();
    // Opens from the right edge (RTL).
    const box = (await drawer(page).boundingBox())!;
    expect(Math.round(box.x + box.width)).toBe(pixel7.viewport.width);

    await drawer(page).getByText(sheet.title_fa, { exact: true }).tap();
    await drawer(page).getByRole('link', { name: sheetSubcategory.title_fa, exact: true }).tap();

    await expect(page).toHaveURL(new RegExp(`/sheet/${sheetGroup.slug}/${sheetSubcategory.slug}$`));
    await expect(page.locator('#app-catalogue h1')).toHaveText(sheetSubcategory.title_fa);
    await expect(drawer(page)).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('the drawer traps focus, returns it to the menu button, closes on Escape and on the backdrop, and holds the page still', async ({
    page,
  }) => {
    await openPage(page, { path: '/rebar', app: 'catalogue', heading: 'میلگرد' });
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    expect(await focusIsInside(drawer(page))).toBe(true);
    // Backwards from the first control wraps to the drawer's last one, never to the page behind.
    await page.keyboard.press('Shift+Tab');
    expect(await focusIsInside(drawer(page))).toBe(true);
    for (let step = 0; step < 40; step += 1) await page.keyboard.press('Tab');
    expect(await focusIsInside(drawer(page))).toBe(true);
    // The page behind does not scroll while the drawer is open.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    // The backdrop: a tap beside the drawer closes it.
    await menuButton(page).tap();
    await expect(drawer(page)).toBeVisible();
    await page.touchscreen.tap(10, pixel7.viewport.height / 2);
    await expect(drawer(page)).toBeHidden();

    // Widened past the phone layout (a tablet turned), the open drawer closes with its button.
    await menuButton(page).tap();
    await expect(drawer(page)).toBeVisible();
    await page.setViewportSize({ width: 1024, height: pixel7.viewport.height });
    await expect(drawer(page)).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('the drawer holds the other pages and the colour mode, with finger-sized targets', async ({ page }) => {
    await openPage(page, { path: '/', app: 'catalogue', heading: 'بازار آهن‌آلات' });
    await menuButton(page).tap();
    await drawer(page).getByRole('radio', { name: 'تیره' }).tap();
    await expect(page.locator('html')).toHaveClass('dark');
    await drawer(page).getByText(sheet.title_fa, { exact: true }).tap();
    expect(await smallTargets(drawer(page))).toEqual([]);
    await drawer(page).getByRole('link', { name: 'جدول وزن آهن‌آلات' }).tap();
    await expect(page.locator('#app-catalogue h1')).toHaveText('جدول وزن آهن‌آلات');
    await expect(drawer(page)).toBeHidden();
  });

  test('sticks to the top while the page scrolls, without moving the content', async ({ page }) => {
    await openPage(page, { path: '/rebar', app: 'catalogue', heading: 'میلگرد' });
    await page.evaluate(() => {
      const w = window as Window & { __shifts?: number };
      w.__shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) w.__shifts! += entry.value;
      }).observe({ type: 'layout-shift' });
    });
    const outletTop = () =>
      page.locator('#outlet').evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    const before = await outletTop();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    expect((await siteHeader(page).boundingBox())!.y).toBe(0);
    await expect(siteHeader(page)).toBeInViewport();
    expect(await outletTop()).toBe(before);
    expect(await page.evaluate(() => (window as Window & { __shifts?: number }).__shifts)).toBe(0);
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`axe-core: no serious or critical violation in the header and the open drawer (${mode})`, async ({ page }) => {
      // axe-core walks the whole page on a shared two-core machine: allow it the time.
      test.slow();
      await page.emulateMedia({ colorScheme: mode });
      await openPage(page, { path: '/rebar', app: 'catalogue', heading: 'میلگرد' });
      await expect(page.locator('html')).toHaveClass(mode);
      expect(await seriousViolations(page, '[data-layout] > header')).toEqual([]);
      await menuButton(page).tap();
      await drawer(page).getByText(sheet.title_fa, { exact: true }).tap();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    });
  }
});

test.describe('the panel frame on a phone', () => {
  test.use({ ...pixel7, viewport: NARROW });

  test.beforeEach(async ({ context, request }) => {
    await signInAsDemo(context, request);
  });

  test('the sections are one row of tabs that scrolls inside itself; the section starts right below it', async ({
    page,
  }) => {
    await openPage(page, { path: '/panel/profile', app: 'panel', heading: 'پروفایل' });
    const tabs = panelTabs(page).getByRole('link');
    // The shell's PANEL_LINKS: the dashboard, orders, tickets, products, bourse, credit, profile, sign out.
    await expect(tabs).toHaveCount(8);
    const tops = await tabs.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    // The current section's tab is brought into view, even past the row's edge.
    await expect(panelTabs(page).locator('[aria-current="page"]')).toHaveText('پروفایل');
    await expect(panelTabs(page).locator('[aria-current="page"]')).toBeInViewport();
    expect((await page.locator('#app-panel h1').boundingBox())!.y).toBeLessThan(NARROW.height / 2);
    expect(await smallTargets(panelTabs(page))).toEqual([]);

    await panelTabs(page).getByRole('link', { name: 'سفارش‌ها' }).tap();
    await expect(page.locator('#app-panel h1')).toHaveText('سفارش‌ها');
    await expect(panelTabs(page).locator('[aria-current="page"]')).toHaveText('سفارش‌ها');
  });

  test('axe-core: no serious or critical violation in the panel frame', async ({ page }) => {
    test.slow();
    await openPage(page, { path: '/panel/order', app: 'panel', heading: 'سفارش‌ها' });
    expect(await seriousViolations(page, 'nav[aria-label="بخش‌های پنل کاربری"]')).toEqual([]);
  });
});

test.describe('nothing wider than a 360 px screen', () => {
  test.use({ ...pixel7, viewport: NARROW });

  // Every path of the route table, and a product list of each kind of sub-category page.
  const pages = [
    ...ROUTE_TABLE_PAGES,
    ...TREE_PAGES.filter((tree) =>
      ['/rebar/kalaf', `/sheet/${sheetGroup.slug}/${sheetSubcategory.slug}`].includes(tree.path),
    ),
  ];
  for (const expected of pages) {
    test(`${expected.path}`, async ({ page, context, request }) => {
      if (expected.path.startsWith('/panel')) await signInAsDemo(context, request);
      await openPage(page, expected);
      // On failure the message names what sticks out past the screen's edge, furthest first.
      const outside = await stickingOut(page, NARROW.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), outside.join('\n')).toBe(NARROW.width);
    });
  }
});

test('wide screens: the group menus open from the keyboard', async ({ page }) => {
  await openPage(page, { path: '/', app: 'catalogue', heading: 'بازار آهن‌آلات' });
  const categories = siteHeader(page).getByRole('navigation', { name: 'دسته‌بندی محصولات' });
  await categories.getByRole('link', { name: sheet.title_fa, exact: true }).focus();
  await page.keyboard.press('Tab');
  const firstGroup = categories.getByRole('link', { name: sheetGroup.title_fa, exact: true });
  await expect(firstGroup).toBeFocused();
  await expect(firstGroup).toBeVisible();
  await expect(menuButton(page)).toBeHidden();
});
