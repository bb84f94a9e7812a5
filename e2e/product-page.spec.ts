import { expect, test, type APIRequestContext, type Page } from './support/test';
import { baseURL, cmsURL, DEMO_USER } from './support/environment';
import { demoJwt, signInAsDemo } from './support/sign-in';

/**
 * The product page: its served HTML (price, illustrative label, the hidden
 * price-history table, head and JSON-LD), the chart drawn in the browser with a keyboard
 * readout, and the two actions landing in the real CMS for the demo customer.
 *
 * The product, from data/domain/catalogue.json: «میلگرد آجدار ۱۲ ذوب آهن A3», 338,000 rial/kg,
 * sold by the branch (branch_weight_kg 10.66), producer ذوب آهن اصفهان (factory esfahan-steel).
 */
const PRODUCT = {
  slug: 'rebar-ribbed-rebar-1',
  path: '/rebar/ribbed-rebar/rebar-ribbed-rebar-1',
  name: 'میلگرد آجدار ۱۲ ذوب آهن A3',
  rialPerKg: 338000,
  pricePerKgText: '۳۳٬۸۰۰ تومان',
  // 338,000 × 10.66 = 3,603,080 rial = 360,308 toman per branch.
  pricePerBranchText: '۳۶۰٬۳۰۸ تومان',
  factoryPath: '/factories/esfahan-steel',
  related: 'میلگرد آجدار ۱۶ کویر A3',
};
/** Another product of the same sub-category, for the signed-out visitor's order. */
const OTHER_PRODUCT = { slug: 'rebar-ribbed-rebar-2', path: '/rebar/ribbed-rebar/rebar-ribbed-rebar-2' };

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const toasts = (page: Page) => page.getByRole('region', { name: 'اعلان‌ها (F8)' }).locator('ol > li');

async function cmsGet<T>(request: APIRequestContext, path: string, jwt: string): Promise<T> {
  const response = await request.get(`${cmsURL}/api${path}`, { headers: { Authorization: `Bearer ${jwt}` } });
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The demo customer's orders that hold `slug`, read from the CMS as that customer. */
async function ordersFor(request: APIRequestContext, jwt: string, slug: string) {
  const list = await cmsGet<{
    data: { documentId: string; status: string; items: { product_slug: string; quantity: number }[] }[];
  }>(request, '/orders?populate=items&pagination[pageSize]=100', jwt);
  return list.data.filter((order) => order.items.some((item) => item.product_slug === slug));
}

async function watchEntriesFor(request: APIRequestContext, jwt: string, slug: string) {
  const list = await cmsGet<{ data: { documentId: string; product: { slug: string } | null }[] }>(
    request,
    '/watch-list-entries?populate[product][fields][0]=slug&pagination[pageSize]=100',
    jwt,
  );
  return list.data.filter((entry) => entry.product?.slug === slug);
}

test.describe('served HTML, without JavaScript', () => {
  test('holds name, prices, the illustrative label, the hidden history table, producer, related products and the head', async ({
    request,
  }) => {
    const response = await request.get(PRODUCT.path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(textOf(html.match(/<h1[^>]*>[\s\S]*?<\/h1>/)?.[0] ?? '').trim()).toBe(PRODUCT.name);
    expect(text).toContain(`${PRODUCT.pricePerKgText} / کیلوگرم`);
    expect(text).toContain(`${PRODUCT.pricePerBranchText} / شاخه`);
    expect(text).toContain('قیمت نمایشی (تقریبی)');
    expect(html).toContain(`href="${PRODUCT.factoryPath}"`);
    expect(text).toContain(PRODUCT.related);

    // 90 days of prices as a table for screen readers, in the HTML; the chart is drawn later.
    const table = html.match(/<div class="sr-only"><table[^>]*data-price-history[^>]*>[\s\S]*?<\/table>/)?.[0] ?? '';
    expect(table).toContain('data-price-history');
    expect(table.match(/<tr>/g)?.length).toBe(1 + 90);
    expect(textOf(table)).toContain(PRODUCT.pricePerKgText);
    expect(html).not.toMatch(/<canvas/);

    expect(html).toContain(`<title>${PRODUCT.name} | بازار آهن‌آلات</title>`);
    expect(html).toContain('<meta data-page-head name="description" content="');
    expect(html).toContain('<meta data-page-head property="og:type" content="product">');
    expect(html).toContain(`<link data-page-head rel="canonical" href="${baseURL}${PRODUCT.path}">`);
    const jsonLd = [...html.matchAll(/<script data-page-head type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) =>
        JSON.parse(match[1] ?? '{}') as {
          '@type': string;
          offers?: { price: string; priceCurrency: string; availability: string };
        },
    );
    const product = jsonLd.find((data) => data['@type'] === 'Product');
    expect(product?.offers).toMatchObject({
      price: String(PRODUCT.rialPerKg),
      priceCurrency: 'IRR',
      availability: 'https://schema.org/InStock',
    });
    expect(jsonLd.map((data) => data['@type'])).toContain('BreadcrumbList');
  });

  test('/product/{slug} is the same page with a canonical link to the tree path; an unknown slug is a 404', async ({
    request,
  }) => {
    const response = await request.get(`/product/${PRODUCT.slug}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(textOf(html.match(/<h1[^>]*>[\s\S]*?<\/h1>/)?.[0] ?? '').trim()).toBe(PRODUCT.name);
    expect(html).toContain(`<link data-page-head rel="canonical" href="${baseURL}${PRODUCT.path}">`);

    const unknown = await request.get('/product/no-such-product');
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain('Page Not Found: /product/no-such-product');
  });
});

test('the chart is drawn in the browser once it nears the screen; focus and arrow keys show a readout matching the table', async ({
  page,
}) => {
  // A phone's screen: the chart is below the fold, and its library is not even requested until then.
  await page.setViewportSize({ width: 390, height: 700 });
  const chartCode: string[] = [];
  page.on('request', (request) => {
    if (/\/price-chart\.[^/]+\.js$/.test(request.url())) chartCode.push(request.url());
  });
  await page.goto(PRODUCT.path);
  await expect(page.locator('#app-catalogue h1')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chartCode).toEqual([]);
  await page.locator('[data-price-chart]').scrollIntoViewIfNeeded();
  const chart = page.getByRole('application', { name: /نمودار قیمت ۹۰ روز اخیر/ });
  await expect(chart.locator('canvas').first()).toBeVisible();
  const rows = page.locator('table[data-price-history] tbody tr');
  await expect(rows).toHaveCount(90);

  await chart.focus();
  const readout = page.locator('[data-chart-readout]');
  const rowText = async (index: number) =>
    `${await rows.nth(index).locator('th').textContent()}: ${await rows.nth(index).locator('td').textContent()}`;
  // Focus shows the latest day; one step back (time runs left to right) shows the day before.
  await expect(readout).toHaveText(await rowText(89));
  await page.keyboard.press('ArrowLeft');
  await expect(readout).toHaveText(await rowText(88));
  await page.keyboard.press('Home');
  await expect(readout).toHaveText(await rowText(0));
  await expect(readout).toContainText('تومان');
});

test.describe('the signed-in demo customer', () => {
  test.beforeEach(async ({ context, request }) => {
    await signInAsDemo(context, request);
  });

  test('«استعلام قیمت / ثبت سفارش» and «افزودن به لیست پیگیری» land in the CMS exactly once, even double-clicked', async ({
    page,
    request,
  }) => {
    const jwt = await demoJwt(request);
    const ordersBefore = (await ordersFor(request, jwt, PRODUCT.slug)).length;
    await page.goto(PRODUCT.path);
    // The account button appears once the session is read: the page knows the customer.
    await expect(page.getByRole('banner').getByRole('link', { name: 'پنل کاربری' })).toBeVisible();

    const order = page.getByRole('button', { name: 'استعلام قیمت / ثبت سفارش' });
    await order.dblclick();
    await expect(toasts(page).filter({ hasText: 'درخواست استعلام قیمت ثبت شد' })).toHaveCount(1);
    await expect(order).toBeEnabled();
    const orders = await ordersFor(request, jwt, PRODUCT.slug);
    expect(orders).toHaveLength(ordersBefore + 1);

    const watch = page.getByRole('button', { name: 'افزودن به لیست پیگیری' });
    await watch.dblclick();
    await expect(toasts(page).filter({ hasText: 'به لیست پیگیری افزوده شد' })).toHaveCount(1);
    await expect(watch).toBeEnabled();
    const entries = await watchEntriesFor(request, jwt, PRODUCT.slug);
    expect(entries).toHaveLength(1);
    // A second add is answered as «already there», and the page stays usable.
    await watch.click();
    await expect(toasts(page).filter({ hasText: 'این محصول از قبل در لیست پیگیری شماست' })).toHaveCount(1);
    await expect(order).toBeEnabled();

    // Leave the demo customer's watch list as the seed made it (other specs count it).
    for (const entry of entries)
      await request.delete(`${cmsURL}/api/watch-list-entries/${entry.documentId}`, {
        headers: { Authorization: `Bearer ${jwt}` },
      });
  });
});

test('a signed-out visitor is sent to sign-in and back, and the order request is then made', async ({
  page,
  request,
}) => {
  const jwt = await demoJwt(request);
  const ordersBefore = (await ordersFor(request, jwt, OTHER_PRODUCT.slug)).length;
  await page.goto(OTHER_PRODUCT.path);
  await expect(page.getByRole('banner').getByRole('link', { name: 'ورود / ثبت‌نام' })).toBeVisible();
  await page.getByRole('button', { name: 'استعلام قیمت / ثبت سفارش' }).click();
  await expect(page).toHaveURL(`${baseURL}/login?redirect=${OTHER_PRODUCT.path}%3Faction%3Dorder`);

  await page.getByLabel('ایمیل، نام کاربری یا شماره موبایل').fill(DEMO_USER.email);
  await page.getByLabel('رمز عبور').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'ورود' }).click();

  await expect(page).toHaveURL(`${baseURL}${OTHER_PRODUCT.path}`);
  await expect(toasts(page).filter({ hasText: 'درخواست استعلام قیمت ثبت شد' })).toHaveCount(1);
  expect(await ordersFor(request, jwt, OTHER_PRODUCT.slug)).toHaveLength(ordersBefore + 1);
});
