import { expect, test, type Locator, type Page } from './support/test';

/**
 * The site search against the real CMS: the header's command palette (Ctrl+K,
 * `/`, the button), Persian-aware matching, keyboard use, and the `/search?q=` page in the served
 * HTML. Product names are the seed's (data/domain/catalogue.json).
 */

const GALVANISED_SHEET = 'ورق گالوانیزه ۰.۵ مبارکه';
const RIBBED_REBAR_12 = 'میلگرد آجدار ۱۲ ذوب آهن A3';

const palette = (page: Page) => page.getByRole('dialog', { name: 'جستجو' });
const searchButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'جستجو' });

/**
 * Until the shell has hydrated, the shortcut has no listener yet: press until the palette opens.
 * Never again while it is opening (its chunk loading, the button busy; or its dialog there): that
 * `/` would be typed into the palette's field, as a person's second press would be.
 */
async function openPalette(page: Page, press: () => Promise<void>) {
  await expect(async () => {
    const opening =
      (await palette(page).count()) > 0 || (await searchButton(page).getAttribute('aria-busy')) === 'true';
    if (!opening) await press();
    await expect(palette(page)).toBeVisible({ timeout: 1000 });
  }).toPass();
  return palette(page);
}

/** Moves the palette's selection down to the option named `name` (at most `max` steps). */
async function arrowDownTo(page: Page, dialog: Locator, name: string, max = 25) {
  for (let step = 0; step < max; step++) {
    if ((await dialog.getByRole('option', { selected: true }).textContent())?.includes(name)) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`«${name}» was never selected`);
}

test('Ctrl+K opens the palette; Arabic letters find grouped results; arrows and Enter open a product page in place', async ({
  page,
}) => {
  await page.goto('/');
  const dialog = await openPalette(page, () => page.keyboard.press('Control+K'));
  const input = dialog.getByRole('combobox');
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('placeholder', 'فرمان یا عبارت جستجو را بنویسید...');

  // «ي» is the Arabic letter; the catalogue writes the Persian «ی».
  await input.fill('ورق گالوانيزه');
  const products = dialog.getByRole('group', { name: 'محصولات' });
  await expect(products.getByRole('option', { name: GALVANISED_SHEET })).toBeVisible();
  await expect(
    dialog
      .getByRole('group', { name: 'زیردسته‌ها' })
      .getByRole('option', { name: /گالوانیزه/ })
      .first(),
  ).toBeVisible();
  await expect(dialog.getByRole('option', { name: 'همه نتایج' })).toBeVisible();

  await page.evaluate(() => ((window as Window & { __samePage?: boolean }).__samePage = true));
  await arrowDownTo(page, dialog, GALVANISED_SHEET);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/sheet\/coldplate\/galvanized-sheet\/sheet-galvanized-sheet-\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(GALVANISED_SHEET);
  // Client-side navigation: the same document.
  expect(await page.evaluate(() => (window as Window & { __samePage?: boolean }).__samePage)).toBe(true);
});

test('`/` opens the palette; Escape closes it and focus returns; `/` typed into a field stays there', async ({
  page,
}) => {
  await page.goto('/rebar');
  const dialog = await openPalette(page, () => page.keyboard.press('/'));
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await expect(dialog.getByRole('combobox')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Opened from the bare page: focus lands on the search button.
  await expect(searchButton(page)).toBeFocused();

  // Opened with the button: focus returns to it.
  await searchButton(page).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(searchButton(page)).toBeFocused();

  await page.goto('/search');
  const field = page.getByRole('searchbox', { name: 'جستجو' });
  await field.click();
  await page.keyboard.type('3/4');
  await expect(field).toHaveValue('3/4');
  await expect(palette(page)).toBeHidden();
});

test('Persian digits find Latin ones; no match says so; «همه نتایج» opens the search page', async ({ page }) => {
  await page.goto('/');
  const dialog = await openPalette(page, () => searchButton(page).click());
  const input = dialog.getByRole('combobox');
  await input.fill('لوله زززز');
  await expect(dialog.getByText('داده‌ای مطابق جستجو یافت نشد')).toBeVisible();

  await input.fill('میلگرد ۱۲');
  await expect(
    dialog.getByRole('group', { name: 'محصولات' }).getByRole('option', { name: RIBBED_REBAR_12 }),
  ).toBeVisible();
  await arrowDownTo(page, dialog, 'همه نتایج');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  expect(new URL(page.url()).searchParams.get('q')).toBe('میلگرد ۱۲');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('جستجو');
  await expect(page.getByRole('searchbox', { name: 'جستجو' })).toHaveValue('میلگرد ۱۲');
  await expect(
    page.getByRole('region', { name: /محصولات/ }).getByRole('link', { name: RIBBED_REBAR_12 }),
  ).toBeVisible();
});

test('/search?q=میلگرد ۱۲ arrives with its results in the served HTML; an empty query is the form alone', async ({
  request,
}) => {
  const response = await request.get(`/search?q=${encodeURIComponent('میلگرد ۱۲')}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(RIBBED_REBAR_12);
  expect(html).toMatch(/<a [^>]*href="\/rebar\/ribbed-rebar\/rebar-ribbed-rebar-\d+"/);
  expect(html).toContain('محصولات');
  expect(html).toMatch(/<form [^>]*role="search"[^>]*action="\/search"/);
  expect(html).toMatch(/<meta data-page-head name="robots" content="noindex/);

  const empty = await (await request.get('/search')).text();
  expect(empty).toMatch(/<form [^>]*role="search"/);
  expect(empty).not.toContain('data-search-results');
});
