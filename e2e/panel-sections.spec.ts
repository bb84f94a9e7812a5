import { expect, test, type APIRequestContext, type Page } from './support/test';
import { baseURL, cmsURL } from './support/environment';
import { demoJwt, signInAsDemo, signInAsNewCustomer } from './support/sign-in';

/**
 * The panel's sections for real, against the CMS under test: the demo customer's seeded records
 * (lists, details), writes through the forms (new order, ticket, watch-list entry, purchase
 * request; cancel, reply, close, remove), and a second customer who sees none of it.
 */

const app = (page: Page) => page.locator('#app-panel');

async function cmsGet<T>(request: APIRequestContext, path: string, jwt?: string): Promise<T> {
  const response = await request.get(
    `${cmsURL}/api${path}`,
    jwt ? { headers: { Authorization: `Bearer ${jwt}` } } : {},
  );
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

test.describe('the demo customer', () => {
  test.beforeEach(async ({ context, request }) => {
    await signInAsDemo(context, request);
  });

  test('dashboard: greeting, open counts, latest orders and tickets, price changes, shortcuts', async ({
    page,
    request,
  }) => {
    await page.goto('/panel');
    await expect(app(page).locator('h1')).toHaveText('پنل کاربری');
    await expect(app(page).getByText('سلام، demo')).toBeVisible();
    await expect(app(page).getByRole('link', { name: /سفارش‌های باز/ })).toContainText(/[۱-۹]/);
    await expect(app(page).getByRole('link', { name: /تیکت‌های باز/ })).toContainText(/[۱-۹]/);
    // The latest (up to three) of each as the CMS has them, in its order: other specs add orders and tickets for the demo
    // customer too, so the seeded ones need not be among them.
    const demo = await demoJwt(request);
    const latest = async (collection: string, sort: string, field: 'number' | 'subject') =>
      (
        await cmsGet<{ data: Array<Record<typeof field, string>> }>(
          request,
          `/${collection}?sort[0]=${sort}:desc&sort[1]=id:desc&pagination[pageSize]=3&fields[0]=${field}`,
          demo,
        )
      ).data.map((record) => record[field]);
    const latestList = (heading: string) =>
      app(page).getByRole('heading', { name: heading }).locator('xpath=../..').getByRole('list').getByRole('link');
    await expect(latestList('آخرین سفارش‌ها')).toHaveText(
      (await latest('orders', 'createdAt', 'number')).map((number) => `سفارش ${number}`),
    );
    await expect(latestList('آخرین تیکت‌ها')).toHaveText(await latest('tickets', 'updatedAt', 'subject'));
    await expect(
      app(page)
        .getByText(/افزایش|کاهش|بدون تغییر/)
        .first(),
    ).toBeVisible();
    await app(page)
      .getByRole('navigation', { name: 'میان‌برها' })
      .getByRole('link', { name: 'ارسال تیکت جدید' })
      .click();
    await expect(page).toHaveURL(`${baseURL}/panel/ticket/new`);
  });

  test('orders: list with Persian status badges, filter, detail, a new order request and its cancellation', async ({
    page,
  }) => {
    await page.goto('/panel/order');
    await expect(app(page).locator('h1')).toHaveText('سفارش‌ها');
    const list = app(page).getByRole('list', { name: 'فهرست سفارش‌ها' });
    for (const number of ['SO-DEMO-1', 'SO-DEMO-2', 'SO-DEMO-3'])
      await expect(list.getByRole('link', { name: `سفارش ${number}` })).toBeVisible();
    await expect(list.getByText('تحویل داده شده')).toBeVisible();
    await expect(list.getByText('در انتظار پرداخت')).toBeVisible();

    await app(page).getByLabel('وضعیت').selectOption({ label: 'تحویل داده شده' });
    await expect(page).toHaveURL(`${baseURL}/panel/order?status=delivered`);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('link', { name: 'سفارش SO-DEMO-1' })).toBeVisible();
    // Delivered: no cancel offered on its page.
    await list.getByRole('link', { name: 'سفارش SO-DEMO-1' }).click();
    await expect(app(page).locator('h1')).toHaveText('سفارش SO-DEMO-1');
    await expect(app(page).getByText('قیمت‌ها تقریبی است؛ برای قیمت قطعی استعلام بگیرید.')).toBeVisible();
    await expect(app(page).getByRole('table')).toContainText('قیمت هر کیلوگرم (تقریبی)');
    await expect(app(page).getByRole('list', { name: 'تاریخچه وضعیت' })).toContainText('تحویل داده شده');
    await expect(app(page).getByText('تحویل در کارگاه')).toBeVisible();
    await expect(app(page).getByRole('button', { name: 'لغو سفارش' })).toHaveCount(0);

    // A new order request for a product (the catalogue's «order» link), quantity typed in Persian digits.
    await page.goto('/panel/order/new?product=rebar-kalaf-1');
    await expect(app(page).locator('h1')).toHaveText('ثبت سفارش جدید');
    const submit = app(page).getByRole('button', { name: 'ثبت سفارش' });
    await submit.click();
    await expect(app(page).getByText('نشانی تحویل را کامل بنویسید')).toBeVisible();
    await app(page)
      .getByLabel(/^مقدار/)
      .fill('۲٫۵');
    await app(page).getByLabel('محل تحویل').fill('تهران، شهرک صنعتی شمس‌آباد');
    await app(page).getByLabel('شماره تماس').fill('۰۹۱۲۱۲۳۴۵۶۷');
    await app(page).getByLabel('توضیحات').fill('تحویل صبح');
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`${baseURL}/panel/order/[a-z0-9]+$`));
    await expect(app(page).locator('h1')).toHaveText(/^سفارش SO-/);
    await expect(app(page).getByTestId('status-badge').first()).toHaveText('در انتظار بررسی');
    await expect(app(page).getByRole('table')).toContainText('۲٫۵');
    await expect(app(page).getByText('تحویل صبح')).toBeVisible();

    await app(page).getByRole('button', { name: 'لغو سفارش' }).click();
    await app(page).getByRole('button', { name: 'تأیید لغو سفارش' }).click();
    await expect(app(page).getByTestId('status-badge').first()).toHaveText('لغو شده');
    await expect(app(page).getByRole('button', { name: 'لغو سفارش' })).toHaveCount(0);
    await expect(app(page).getByRole('list', { name: 'تاریخچه وضعیت' })).toContainText('لغو شده');
  });

  test('tickets: list, thread with staff replies, a new ticket shown as text, reply and close', async ({ page }) => {
    await page.goto('/panel/ticket');
    await expect(app(page).locator('h1')).toHaveText('تیکت‌ها');
    const list = app(page).getByRole('list', { name: 'فهرست تیکت‌ها' });
    await expect(list.getByRole('listitem').filter({ hasText: 'زمان ارسال سفارش' })).toContainText('پاسخ داده شده');
    await list.getByRole('link', { name: 'زمان ارسال سفارش' }).click();
    const messages = app(page).getByRole('list', { name: 'پیام‌ها' });
    await expect(messages.locator('[data-author="staff"]')).toContainText('سفارش شما فردا بارگیری می‌شود.');
    await expect(messages.locator('[data-author="customer"]')).toContainText('سفارش من چه زمانی ارسال می‌شود؟');

    await page.goto('/panel/ticket/new');
    const markup = '<img src=x onerror="window.__xss=1"><b>پررنگ</b>';
    await app(page).getByLabel('موضوع').fill('پرسش درباره <b>بار</b>');
    await app(page).getByLabel('بخش').selectOption({ label: 'فروش' });
    await app(page).getByLabel('اولویت').selectOption({ label: 'فوری' });
    await app(page).getByLabel('متن پیام').fill(markup);
    await app(page).getByRole('button', { name: 'ارسال' }).click();
    await expect(page).toHaveURL(new RegExp(`${baseURL}/panel/ticket/[a-z0-9]+$`));
    await expect(app(page).locator('h1')).toHaveText('پرسش درباره <b>بار</b>');
    await expect(app(page).getByText('بخش: فروش')).toBeVisible();
    await expect(app(page).getByText('اولویت: فوری')).toBeVisible();
    // What the customer wrote is text, never markup.
    await expect(messages.locator('[data-author="customer"] p')).toHaveText(markup);
    await expect(messages.locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    await app(page).getByLabel('متن پیام').fill('پیام دوم');
    await app(page).getByRole('button', { name: 'ارسال پاسخ' }).click();
    await expect(messages.getByRole('listitem')).toHaveCount(2);
    await expect(app(page).getByTestId('status-badge')).toHaveText('در انتظار پاسخ');
    await expect(app(page).getByLabel('متن پیام')).toHaveValue('');

    await app(page).getByRole('button', { name: 'بستن تیکت' }).click();
    await app(page).getByRole('group', { name: 'بستن تیکت' }).getByRole('button', { name: 'تأیید' }).click();
    await expect(app(page).getByTestId('status-badge')).toHaveText('بسته شده');
    await expect(app(page).getByRole('button', { name: 'ارسال پاسخ' })).toHaveCount(0);
    await expect(app(page).getByText('این تیکت بسته شده است.')).toBeVisible();
  });

  test('watch list: prices and change since added, linked to the product; add from a link, remove', async ({
    page,
  }) => {
    await page.goto('/panel/product');
    await expect(app(page).locator('h1')).toHaveText('محصولات من');
    const list = app(page).getByRole('list', { name: 'محصولات من' });
    // The seed watches two products for the demo customer (counted, not assumed: other specs may add).
    await expect(list.getByTestId('price-change').first()).toContainText('از زمان افزودن');
    const before = await list.getByRole('listitem').count();
    expect(before).toBeGreaterThanOrEqual(2);
    const firstLink = list.getByRole('link').first();
    await expect(firstLink).toHaveAttribute('href', /^\/product\/[a-z0-9-]+$/);

    // The catalogue's «add to my products» link. (Counted by the product, not by the list's
    // length: the product-page spec adds to and removes from the same list in parallel.)
    await page.goto('/panel/product?add=rebar-kalaf-2');
    await expect(app(page).getByRole('status').filter({ hasText: 'به محصولات من افزوده شد' })).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/panel/product`);
    const added = list.getByRole('listitem').filter({ has: page.locator('a[href="/product/rebar-kalaf-2"]') });
    await expect(added).toHaveCount(1);
    await expect(added.getByTestId('price-change')).toContainText('بدون تغییر');
    await page.goto('/panel/product?add=rebar-kalaf-2');
    await expect(app(page).getByRole('status').filter({ hasText: 'از قبل در محصولات من هست' })).toBeVisible();
    await expect(added).toHaveCount(1);

    await added.getByRole('button', { name: /^حذف / }).click();
    await expect(added).toHaveCount(0);
    await page.reload();
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expect(added).toHaveCount(0);
  });

  test('bourse: purchase requests, a new one from an offer, cancel while pending', async ({ page, request }) => {
    await page.goto('/panel/bourse');
    await expect(app(page).locator('h1')).toHaveText('بورس');
    const list = app(page).getByRole('list', { name: 'درخواست‌های خرید' });
    const seeded = list.getByRole('listitem').filter({ hasText: 'ورق گرم نوردکاران' });
    await expect(seeded).toContainText('در حال بررسی');
    await expect(seeded).toContainText('۱۰۰ تن');

    const offers = await cmsGet<{
      data: { documentId: string; commodity: string; offer_code: string; min_purchase: string | null }[];
    }>(
      request,
      '/exchange-offers?pagination[pageSize]=1&sort[0]=offer_date:desc&fields[0]=commodity&fields[1]=offer_code&fields[2]=min_purchase',
    );
    const offer = offers.data[0]!;
    await page.goto(`/panel/bourse/new?offer=${offer.documentId}`);
    await expect(app(page).locator('h1')).toHaveText('درخواست خرید جدید');
    await expect(app(page).getByText(offer.offer_code)).toBeVisible();
    const volume = Math.max(50, Math.ceil(Number(offer.min_purchase ?? 0)));
    await app(page).getByLabel('حجم درخواستی (تن)').fill(String(volume));
    await app(page).getByLabel('سقف قیمت هر کیلوگرم (ریال)').fill('۳۸۰٬۰۰۰');
    await app(page).getByLabel('شماره تماس').fill('02188776655');
    await app(page).getByRole('button', { name: 'ثبت درخواست خرید' }).click();
    await expect(page).toHaveURL(`${baseURL}/panel/bourse`);
    const mine = list.getByRole('listitem').filter({ hasText: offer.offer_code }).first();
    await expect(mine).toContainText('ثبت شده');
    await expect(mine).toContainText('۳۸۰٬۰۰۰ ریال');
    await mine.getByRole('button', { name: 'لغو درخواست' }).click();
    await mine.getByRole('button', { name: 'تأیید لغو درخواست' }).click();
    await expect(mine).toContainText('لغو شده');
    await expect(mine.getByRole('button', { name: 'لغو درخواست' })).toHaveCount(0);
  });
});

test("a second customer sees none of the demo customer's records in any section", async ({ page, request }) => {
  const demo = await demoJwt(request);
  const demoOrder = (
    await cmsGet<{ data: { documentId: string }[] }>(request, '/orders?filters[number][$eq]=SO-DEMO-2', demo)
  ).data[0]!;
  const demoTicket = (
    await cmsGet<{ data: { documentId: string }[] }>(request, '/tickets?filters[number][$eq]=T-DEMO-1', demo)
  ).data[0]!;

  await signInAsNewCustomer(page, request, 'other');
  await page.goto('/panel');
  await expect(app(page).locator('h1')).toHaveText('پنل کاربری');
  await expect(app(page).getByRole('link', { name: /سفارش‌های باز/ })).toContainText('۰');
  await expect(app(page).getByRole('link', { name: /تیکت‌های باز/ })).toContainText('۰');
  for (const [path, heading] of [
    ['/panel/order', 'سفارش‌ها'],
    ['/panel/ticket', 'تیکت‌ها'],
    ['/panel/product', 'محصولات من'],
    ['/panel/bourse', 'بورس'],
    ['/panel/credit', 'اعتبار'],
  ] as const) {
    await page.goto(path);
    await expect(app(page).locator('h1')).toHaveText(heading);
    await expect(app(page).getByText(/موردی برای نمایش وجود ندارد|هنوز محصولی به این فهرست نیفزوده‌اید/)).toBeVisible();
    await expect(app(page)).not.toContainText('SO-DEMO');
    await expect(app(page)).not.toContainText('زمان ارسال سفارش');
    await expect(app(page)).not.toContainText('ورق گرم نوردکاران');
  }
  // The demo customer's records by address: the CMS answers 404, the page says so.
  await page.goto(`/panel/order/${demoOrder.documentId}`);
  await expect(app(page).getByRole('alert')).toHaveText(/موردی با این مشخصات یافت نشد/);
  await page.goto(`/panel/ticket/${demoTicket.documentId}`);
  await expect(app(page).getByRole('alert')).toHaveText(/موردی با این مشخصات یافت نشد/);
  await expect(app(page)).not.toContainText('سفارش شما فردا بارگیری می‌شود.');
});

test('orders are paged ten at a time, newest first, the page kept in the URL', async ({ page, request }) => {
  const jwt = await signInAsNewCustomer(page, request, 'pager');
  for (let i = 1; i <= 11; i++) {
    const response = await request.post(`${cmsURL}/api/orders`, {
      headers: { Authorization: `Bearer ${jwt}` },
      data: { data: { items: [{ product_slug: 'rebar-kalaf-1', quantity: i }], note: `سفارش شماره ${i}` } },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto('/panel/order');
  const list = app(page).getByRole('list', { name: 'فهرست سفارش‌ها' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  // The site's one numbered pagination: real links, the current page marked.
  const pager = app(page).getByRole('navigation', { name: 'صفحه‌ها' });
  await expect(pager.getByRole('link', { name: 'صفحه ۱' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('link', { name: 'صفحه ۲' })).toHaveAttribute('href', '/panel/order?page=2');
  await expect(pager.getByRole('link', { name: 'قبلی' })).toHaveCount(0);
  await pager.getByRole('link', { name: 'بعدی' }).click();
  await expect(page).toHaveURL(`${baseURL}/panel/order?page=2`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  // Back restores the first page.
  await page.goBack();
  await expect(page).toHaveURL(`${baseURL}/panel/order`);
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await page.goForward();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  // The oldest is last: its detail says so.
  await list.getByRole('link').click();
  await expect(app(page).getByText('سفارش شماره 1')).toBeVisible();
  // A page past the last names nothing, as on every list: not found, with the way to the last page.
  await page.goto('/panel/order?page=7');
  const notFound = app(page).getByRole('alert').filter({ hasText: 'صفحهٔ ۷ در این فهرست یافت نشد' });
  await expect(notFound).toContainText('۲ صفحه');
  await notFound.getByRole('link', { name: 'رفتن به صفحهٔ آخر' }).click();
  await expect(page).toHaveURL(`${baseURL}/panel/order?page=2`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
});
