import { expect, test, type APIRequestContext, type Page } from './support/test';
import { EDITOR_TOKEN, cmsURL } from './support/environment';

/**
 * The catalogue as a buyer uses it (its data from the CMS): a sub-category's products and
 * prices as the CMS holds them, filters, sort and pages in the URL (reload, back and forward),
 * cards on phones, category and group figures, the home page's board. Expectations are read
 * from the CMS's plain REST API, not from the catalogue views under test.
 */

interface CmsProduct {
  slug: string;
  name: string;
  price: string | null;
  attributes: Record<string, string | number | null>;
  price_history: Array<{ date: string; price: number }>;
}

async function cmsProducts(request: APIRequestContext, filter: string): Promise<CmsProduct[]> {
  const response = await request.get(
    `${cmsURL}/api/products?${filter}&fields[0]=slug&fields[1]=name&fields[2]=price&fields[3]=attributes&fields[4]=price_history&pagination[pageSize]=100`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: CmsProduct[] }).data;
}

const bySubcategory = (path: string) => `filters[sub_category][path][$eq]=${encodeURIComponent(path)}`;
const tomanText = (rial: number) => `${new Intl.NumberFormat('fa-IR').format(Math.round(rial / 10))} تومان`;
const tableRows = (page: Page) => page.locator('[data-listing="table"] tbody tr');

test.describe('a sub-category', () => {
  test('the served HTML lists its products with their prices as the CMS holds them', async ({ request }) => {
    const products = await cmsProducts(request, bySubcategory('rebar/kalaf'));
    expect(products.length).toBeGreaterThan(1);
    const html = await (await request.get('/rebar/kalaf')).text();
    for (const product of products) {
      const row = html.match(new RegExp(`<tr[^>]*data-product="${product.slug}"[\\s\\S]*?</tr>`))?.[0] ?? '';
      expect(row, product.slug).toContain(product.name);
      expect(row, product.slug).toContain(`data-price-rial="${Number(product.price)}"`);
      expect(row.replace(/<[^>]+>/g, ''), product.slug).toContain(tomanText(Number(product.price)));
      // Its picture goes through the one image path (WebP from the app server, sized boxes).
      expect(row, product.slug).toMatch(/<img [^>]*src="\/_\/img\?src=%2Fuploads%2F[^"]+"[^>]*width="48" height="\d+"/);
    }
    expect(html).toContain('قیمت‌ها نمایشی');
  });

  test('a filter lives in the URL: it survives a reload, back and forward restore it', async ({ page, request }) => {
    const products = await cmsProducts(request, bySubcategory('rebar/kalaf'));
    const diameter = String(products[0]?.attributes.diameter_mm);
    const matching = products.filter((product) => String(product.attributes.diameter_mm) === diameter);
    await page.goto('/rebar/kalaf');
    await expect(tableRows(page)).toHaveCount(products.length);
    const filters = page.getByRole('form', { name: 'فیلتر محصولات' });
    const box = filters.getByRole('group', { name: 'قطر (میلی‌متر)' }).locator(`input[value="${diameter}"]`);
    await box.check();
    await expect(page).toHaveURL(new RegExp(`/rebar/kalaf\\?diameter_mm=${diameter.replace('.', '\\.')}$`));
    await expect(tableRows(page)).toHaveCount(matching.length);
    // The URL the page wrote is its canonical one: the reload is served, not redirected.
    const reloaded = await page.reload();
    expect(reloaded?.request().redirectedFrom()).toBeNull();
    await expect(box).toBeChecked();
    await expect(tableRows(page)).toHaveCount(matching.length);
    await page.goBack();
    await expect(page).toHaveURL(/\/rebar\/kalaf$/);
    await expect(tableRows(page)).toHaveCount(products.length);
    await expect(box).not.toBeChecked();
    await page.goForward();
    await expect(tableRows(page)).toHaveCount(matching.length);
    await expect(box).toBeChecked();
  });

  test('a filter value or key that does not exist is ignored, not an error', async ({ page, request }) => {
    const products = await cmsProducts(request, bySubcategory('rebar/kalaf'));
    const response = await page.goto('/rebar/kalaf?diameter_mm=999&colour=red&page=x&sort=zzz');
    expect(response?.status()).toBe(200);
    await expect(tableRows(page)).toHaveCount(products.length);
  });

  test('filters that leave nothing say so in Persian', async ({ page, request }) => {
    const products = await cmsProducts(request, bySubcategory('rebar/kalaf'));
    // A diameter of one product with the grade of another product of a different diameter and grade.
    const first = products[0]!;
    const other = products.find(
      (product) =>
        product.attributes.grade !== first.attributes.grade &&
        product.attributes.diameter_mm !== first.attributes.diameter_mm,
    )!;
    const search = new URLSearchParams({
      diameter_mm: String(first.attributes.diameter_mm),
      grade: String(other.attributes.grade),
    });
    await page.goto(`/rebar/kalaf?${search}`);
    await expect(page.getByText('داده‌ای مطابق با جستجو یافت نشد')).toBeVisible();
    await page.getByRole('button', { name: 'حذف همه فیلترها' }).click();
    await expect(tableRows(page)).toHaveCount(products.length);
  });

  test('sorting by price, both ways, in the URL', async ({ page }) => {
    await page.goto('/rebar/kalaf');
    await page.getByLabel('مرتب‌سازی:').selectOption('price-desc');
    await expect(page).toHaveURL(/sort=price-desc/);
    const prices = async () =>
      await page
        .locator('[data-listing="table"] td[data-price-rial]')
        .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-price-rial'))));
    await expect.poll(prices).toEqual([...(await prices())].sort((a, b) => b - a));
    await page.getByLabel('مرتب‌سازی:').selectOption('price-asc');
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect.poll(prices).toEqual([...(await prices())].sort((a, b) => a - b));
  });

  test('on a phone the products are cards and the filters fold away', async ({ browser, request }) => {
    const products = await cmsProducts(request, bySubcategory('rebar/kalaf'));
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto('/rebar/kalaf');
    await expect(page.locator('[data-listing="cards"] > li')).toHaveCount(products.length);
    await expect(page.locator('[data-listing="table"]')).toBeHidden();
    const filters = page.getByRole('form', { name: 'فیلتر محصولات' });
    await expect(filters).toBeHidden();
    await page.locator('summary', { hasText: 'فیلترها' }).click();
    await expect(filters).toBeVisible();
    await context.close();
  });

  test("a product's daily change is told in words, not colour alone", async ({ request }) => {
    const [product] = await cmsProducts(request, bySubcategory('rebar/kalaf'));
    const history = product!.price_history;
    const delta = Number(product!.price) - history[history.length - 2]!.price;
    const html = await (await request.get('/rebar/kalaf')).text();
    const row = html.match(new RegExp(`<tr[^>]*data-product="${product!.slug}"[\\s\\S]*?</tr>`))?.[0] ?? '';
    expect(row).toContain(delta === 0 ? 'بدون تغییر نسبت به روز قبل' : `${delta > 0 ? 'افزایش' : 'کاهش'} `);
    expect(row).toContain(`data-change="${delta > 0 ? 'up' : delta < 0 ? 'down' : 'none'}"`);
  });

  test('a price edited in the CMS shows on the next request', async ({ request }) => {
    const [product] = await cmsProducts(request, bySubcategory('scrap-iron/edge-scrap'));
    const found = await request.get(`${cmsURL}/api/products?filters[slug][$eq]=${product!.slug}&fields[0]=price`);
    const { documentId, price } = ((await found.json()) as { data: Array<{ documentId: string; price: string }> })
      .data[0]!;
    await request.get('/scrap-iron/edge-scrap'); // cached now
    const newPrice = Number(price) + 1230;
    const edit = await request.put(`${cmsURL}/api/products/${documentId}?status=published`, {
      headers: { authorization: `Bearer ${EDITOR_TOKEN}` },
      data: { data: { price: String(newPrice) } },
    });
    expect(edit.status()).toBe(200);
    await expect
      .poll(
        async () =>
          (await (await request.get('/scrap-iron/edge-scrap')).text()).includes(`data-price-rial="${newPrice}"`),
        { timeout: 5_000 },
      )
      .toBe(true);
  });
});

test('a product page shows its picture as the main image, loaded at once', async ({ request }) => {
  const html = await (await request.get('/rebar/kalaf/rebar-kalaf-1')).text();
  expect(html).toMatch(
    /<img [^>]*src="\/_\/img\?src=%2Fuploads%2F[^"]+"[^>]*srcSet="[^"]+ 640w[^"]*"[^>]*loading="eager" fetchPriority="high"/,
  );
  const product = JSON.parse(
    html.match(
      /<script data-page-head type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"Product"[\s\S]*?)<\/script>/,
    )?.[1] ?? '{}',
  ) as { image?: string };
  expect(product.image).toMatch(/\/_\/img\?src=%2Fuploads%2F[^&]+&w=1280$/);
});

test.describe('categories and groups', () => {
  test('a category with groups lists each group with its product count and lowest price', async ({ page, request }) => {
    await page.goto('/pipe');
    for (const group of ['seamed-pipe', 'seamless-pipe']) {
      const products = await cmsProducts(
        request,
        `filters[sub_category][path][$startsWith]=${encodeURIComponent(`pipe/${group}/`)}`,
      );
      const lowest = Math.min(...products.map((product) => Number(product.price)).filter((price) => price > 0));
      const node = page.locator(`[data-node="${group}"]`);
      await expect(node.locator('[data-product-count]')).toHaveAttribute('data-product-count', String(products.length));
      await expect(node.locator('[data-min-price-rial]')).toHaveAttribute('data-min-price-rial', String(lowest));
      await expect(node).toContainText(tomanText(lowest));
    }
  });

  test('a group lists its sub-categories with their figures', async ({ page, request }) => {
    await page.goto('/sheet/coldplate');
    const products = await cmsProducts(request, bySubcategory('sheet/coldplate/oiled-sheet'));
    await expect(page.locator('[data-node="oiled-sheet"] [data-product-count]')).toHaveAttribute(
      'data-product-count',
      String(products.length),
    );
  });
});

test.describe('the home page', () => {
  test('categories, a price board for each, the exchange and the latest articles, all in the served HTML', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    // (The board's section hydrates when it nears the screen: a Suspense boundary's marker closes it.)
    const board = html.match(/<ul[^>]*data-price-board[\s\S]*?<\/ul>(<!--\/\$-->)?\s*<\/div>\s*<\/section>/)?.[0] ?? '';
    expect(board.match(/<caption/g)?.length).toBe(10);
    expect(board).toContain('نسبت به روز قبل');
    expect(html).toContain('قیمت‌ها نمایشی');
    const articles = await request.get(
      `${cmsURL}/api/articles?sort[0]=publish_date:desc&sort[1]=id:desc&fields[0]=slug&pagination[pageSize]=1`,
    );
    const newest = ((await articles.json()) as { data: Array<{ slug: string }> }).data[0]!;
    expect(html).toContain(`href="/blog/${newest.slug}"`);
    expect(html).toContain('href="/landing/bourse"');
    const grid = html.match(/<ul aria-label="فهرست دسته‌بندی‌ها"[\s\S]*?<\/ul><\/div><\/section>/)?.[0] ?? '';
    expect(grid.match(/<img [^>]*src="\/_\/img\?src=%2Fuploads%2F/g)?.length).toBe(10);
    expect(html).toMatch(/<form[^>]*action="\/search"/);
  });

  test('a board product leads to its page; the search form to the search page', async ({ page }) => {
    await page.goto('/');
    const first = page.locator('[data-price-board] [data-product] a').first();
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.locator('main h1')).toHaveText(name);
    await page.goto('/');
    await page.getByRole('searchbox', { name: /جستجوی محصول/ }).fill('میلگرد');
    await page.getByRole('search').getByRole('button', { name: 'جستجو' }).click();
    await expect(page).toHaveURL(/\/search\?q=%D9%85/);
  });
});
