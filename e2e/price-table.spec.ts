import fs from 'node:fs';
import { Workbook } from 'exceljs';
import { expect, test, type Page } from './support/test';
import { domainCategories } from './support/expected-pages';
import { stickingOut } from './support/overflow';

/**
 * Today's price table of a sub-category on a phone (docs/behaviour.md, "Price tables"): every
 * seeded product with today's price and the hour of its last change, sorted by price from the
 * column header, downloaded as CSV and XLSX whose rows are the table's (parsed back here), and an
 * A4 print view no wider than the paper.
 */

const rebar = domainCategories.find((category) => category.slug === 'rebar')!;
const kalaf = rebar.subcategories!.find((subcategory) => subcategory.slug === 'kalaf')! as unknown as {
  titleFa?: string;
  examples: Array<{ name_fa: string; price_rial_per_kg: number }>;
};
const TABLE_PATH = '/rebar/kalaf?view=prices';
/** A4's width less the print stylesheet's 10 mm margins, in CSS pixels (96 per inch). */
const A4_PRINTABLE_WIDTH = Math.floor(((210 - 20) / 25.4) * 96);

/** The table's body rows as text cells: the product's name, then every cell, as a reader sees them. */
const tableRows = (page: Page) =>
  page.locator('[data-price-table] tbody tr').evaluateAll((rows) =>
    rows.map((row) => ({
      name: row.querySelector('th')?.textContent?.trim() ?? '',
      priceToman: row.querySelector<HTMLElement>('[data-price-toman]')?.dataset['priceToman'] ?? '',
      changedAt: row.querySelector('[data-changed-at]')?.textContent?.trim() ?? '',
    })),
  );

/** The file a button downloads, as bytes. */
async function download(page: Page, button: string): Promise<ArrayBuffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const bytes = fs.readFileSync(await file.path());
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

for (const width of [360, 412]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("a sub-category's price table: every product with today's price and hour, sorted by price, downloaded as shown", async ({
      page,
    }) => {
      await page.goto('/rebar/kalaf');
      await page.locator('#app-catalogue').getByRole('link', { name: 'جدول قیمت روز' }).first().click();
      await expect(page).toHaveURL(/\/rebar\/kalaf\?view=prices$/);
      const table = page.locator('[data-price-table]').getByRole('table', { name: /جدول قیمت روز/ });
      await expect(table).toBeVisible();

      // Every seeded product, each with today's price in toman and the hour of its last change.
      const rows = await tableRows(page);
      expect(rows.map((row) => row.name).sort()).toEqual(kalaf.examples.map((example) => example.name_fa).sort());
      for (const row of rows) {
        const seeded = kalaf.examples.find((example) => example.name_fa === row.name)!;
        expect(Number(row.priceToman)).toBe(Math.round(seeded.price_rial_per_kg / 10));
        expect(row.changedAt).toMatch(/ساعت [۰-۹]{2}:[۰-۹]{2}$/);
      }

      // The page scrolls nowhere sideways: the table scrolls inside itself.
      const outside = await stickingOut(page, width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), outside.join('\n')).toBe(width);

      // Sorted by price from its header: cheapest first, then dearest first.
      const priceHeader = table.locator('th[data-sort-column="price"]');
      await priceHeader.getByRole('link').click();
      await expect(page).toHaveURL(/sort=price-asc&view=prices$/);
      await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
      const ascending = (await tableRows(page)).map((row) => Number(row.priceToman));
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      await priceHeader.getByRole('link').click();
      await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
      const shown = await tableRows(page);
      const descending = shown.map((row) => Number(row.priceToman));
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
      expect(new Set(descending).size).toBeGreaterThan(1);

      // The CSV: a UTF-8 BOM, Persian headers, the table's rows in its order, prices as plain numbers.
      const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await download(page, 'دانلود CSV'));
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const [header, ...lines] = csv.slice(1).trim().split('\r\n');
      expect(header).toContain('قیمت امروز (تومان)');
      expect(lines.map((line) => line.split(',')[0])).toEqual(shown.map((row) => row.name));
      const priceAt = header!.split(',').indexOf('قیمت امروز (تومان)');
      expect(lines.map((line) => line.split(',')[priceAt])).toEqual(shown.map((row) => row.priceToman));

      // The XLSX, read back with exceljs: the same rows, prices as numbers, hours as on screen.
      const workbook = new Workbook();
      await workbook.xlsx.load(await download(page, 'دانلود Excel'));
      const sheet = workbook.worksheets[0]!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(headers[0]).toBe('محصول');
      const xlsxRows = shown.map((_, index) => (sheet.getRow(index + 2).values as unknown[]).slice(1));
      expect(sheet.rowCount).toBe(shown.length + 1);
      expect(xlsxRows.map((cells) => cells[0])).toEqual(shown.map((row) => row.name));
      expect(xlsxRows.map((cells) => cells[headers.indexOf('قیمت امروز (تومان)')])).toEqual(
        shown.map((row) => Number(row.priceToman)),
      );
      expect(xlsxRows.map((cells) => cells[headers.length - 1])).toEqual(shown.map((row) => row.changedAt));
    });
  });
}

test('the print view is an A4 price list: the site name and date above a table no wider than the paper', async ({
  page,
}) => {
  await page.setViewportSize({ width: A4_PRINTABLE_WIDTH, height: 1123 });
  await page.goto(TABLE_PATH);
  await expect(page.locator('[data-price-table]').getByRole('table')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const heading = page.locator('[data-print-heading]');
  await expect(heading).toBeVisible();
  await expect(heading).toContainText('بازار آهن‌آلات');
  await expect(heading).toContainText(/[۰-۹]{4}/);
  await expect(page.locator('[data-layout] > header')).toBeHidden();
  await expect(page.locator('[data-table-downloads]')).toBeHidden();
  const widths = await page.evaluate(() => ({
    table: document.querySelector('[data-price-table] table')!.getBoundingClientRect().width,
    page: document.documentElement.scrollWidth,
  }));
  expect(widths.table).toBeLessThanOrEqual(A4_PRINTABLE_WIDTH);
  expect(widths.page).toBeLessThanOrEqual(A4_PRINTABLE_WIDTH);
});

test("the home page's price board links to each category's price table", async ({ page }) => {
  await page.goto('/');
  await page.locator('[data-price-board] [data-price-table-link]').first().click();
  await expect(page).toHaveURL(/\/rebar\?view=prices$/);
  // The board's own tables name their categories' price tables too: this is the table page's.
  await expect(page.locator('[data-price-table]').getByRole('table', { name: /جدول قیمت روز میلگرد/ })).toBeVisible();
  expect((await tableRows(page)).length).toBeGreaterThan(kalaf.examples.length);
});
