import { expect, test, type APIRequestContext, type Page } from './support/test';
import { EDITOR_TOKEN, DEMO_USER, cmsURL } from './support/environment';
import { demoJwt, signInAsDemo } from './support/sign-in';

/**
 * The catalogue's editorial pages, tools and forms against the real CMS — content in the
 * served HTML, filters in the URL, CMS markdown that runs nothing, and forms whose good submit is
 * stored exactly once while a failed one keeps every value.
 */

/** Opens a page and waits until the browser has taken the server's markup over (forms work from then on). */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('[data-ssr-url]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** The demo customer's own records of a collection whose `field` equals `value`. */
async function ownRecords(request: APIRequestContext, collection: string, field: string, value: string) {
  const jwt = await demoJwt(request);
  const response = await request.get(
    `${cmsURL}/api/${collection}?filters[${field}][$eq]=${encodeURIComponent(value)}`,
    { headers: { authorization: `Bearer ${jwt}` } },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Array<Record<string, unknown>> }).data;
}

test.describe('weight table', () => {
  test('each section is served as a table with Persian headings and digits', async ({ request }) => {
    const html = await (await request.get('/weight_table?section=ipe')).text();
    expect(html).toContain('<title>جدول وزن تیرآهن IPE');
    expect(textOf(html)).toContain('IPE ۲۰۰');
    expect(textOf(html)).toContain('۲۲٫۴');
    expect(textOf(html)).toContain('ضخامت جان tw (میلی‌متر)');
    expect(textOf(await (await request.get('/weight_table?section=hollow')).text())).toContain('SHS ۴۰x۴۰x۳٫۰');
  });

  test('tabs and the size filter live in the URL; the calculator agrees with the table', async ({ page }) => {
    await openHydrated(page, '/weight_table');
    await page.getByRole('link', { name: 'نبشی', exact: true }).click();
    await expect(page).toHaveURL(/section=angle/);
    await page.getByLabel('جستجوی سایز').fill('۵۰×۵۰');
    await expect(page).toHaveURL(/size=/);
    const rows = page.locator('[data-weight-table] tbody tr');
    await expect(rows).toHaveCount(3);
    for (const text of await rows.locator('th').allTextContents()) expect(text).toContain('۵۰×۵۰');

    await page.getByLabel('نوع مقطع').selectOption({ label: 'لوله' });
    await page.getByLabel('قطر خارجی (میلی‌متر)').fill('۴۸٫۳');
    await page.getByLabel('ضخامت دیواره (میلی‌متر)').fill('3.68');
    await page.getByLabel('تعداد شاخه').fill('۱۰');
    // weights.md 11a: NPS 1 1/2, 48.3 × 3.68 → 4.05 kg/m; 10 branches of 6 m.
    await expect(page.locator('[data-kg-per-metre]')).toHaveText('۴٫۰۴۹');
    await expect(page.locator('[data-total-kg]')).toContainText('۲۴۲٫۹۷');
  });
});

test.describe('static pages from the CMS', () => {
  test('markdown holding a script, an onerror image and a javascript: link runs nothing', async ({ page, request }) => {
    const found = await request.get(`${cmsURL}/api/static-pages?filters[slug][$eq]=rules`);
    const original = ((await found.json()) as { data: Array<{ documentId: string; body: string }> }).data[0];
    expect(original).toBeTruthy();
    const attack =
      '\n\n<script>window.__planted = "script"</script>\n\n<img src="x" onerror="window.__planted = \'onerror\'">\n\n[پیوند خطرناک](javascript:window.__planted=\'link\')\n';
    const edit = (body: string) =>
      request.put(`${cmsURL}/api/static-pages/${original!.documentId}?status=published`, {
        headers: { authorization: `Bearer ${EDITOR_TOKEN}` },
        data: { data: { body } },
      });
    expect((await edit(original!.body + attack)).status()).toBe(200);
    try {
      await expect
        .poll(async () => (await (await request.get('/rules')).text()).includes('پیوند خطرناک'), { timeout: 5_000 })
        .toBe(true);
      const html = await (await request.get('/rules')).text();
      expect(html).not.toMatch(/<script>window\.__planted/);
      expect(html).not.toMatch(/<img[^>]*onerror/i);
      expect(html).not.toMatch(/href="javascript:/i);

      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await openHydrated(page, '/rules');
      await expect(page.locator('#app-catalogue h1')).toHaveText('قوانین و مقررات');
      const link = page.getByText('پیوند خطرناک');
      await expect(link).toBeVisible();
      expect(await link.evaluate((element) => element.closest('a')?.getAttribute('href') ?? '')).not.toMatch(
        /^javascript:/i,
      );
      await link.click();
      await expect(page.locator('#app-catalogue h1')).toHaveText('قوانین و مقررات');
      expect(await page.locator('#app-catalogue img[onerror]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __planted?: string }).__planted)).toBeUndefined();
      expect(dialogs).toEqual([]);
    } finally {
      expect((await edit(original!.body)).status()).toBe(200);
    }
  });
});

test.describe('forms', () => {
  test('contact form: Persian messages, a failed submit keeps the values, a double click stores one message', async ({
    page,
    context,
    request,
  }) => {
    await signInAsDemo(context, request);
    await openHydrated(page, '/contact-us');
    const form = page.locator('form[data-form="contact"]');
    await form.getByRole('button', { name: 'ارسال پیام' }).click();
    await expect(form.getByText('این فیلد الزامی است').first()).toBeVisible();
    await form.getByLabel('نام و نام خانوادگی').fill('مریم آزمون');
    await form.getByLabel('شماره موبایل').fill('۰۹۱۲');
    await form.getByRole('button', { name: 'ارسال پیام' }).click();
    await expect(form.getByText('شماره موبایل معتبر نیست')).toBeVisible();

    const message = `پیام آزمون ${Date.now()}`;
    await form.getByLabel('شماره موبایل').fill('۰۹۱۲ ۳۴۵ ۶۷۸۹');
    await form.getByLabel('متن پیام').fill(message);
    // The connection drops once: the form says so and keeps everything typed.
    await page.route(`${cmsURL}/api/contact-messages`, (route) => route.abort('connectionfailed'), { times: 1 });
    await form.getByRole('button', { name: 'ارسال پیام' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await expect(form.getByLabel('نام و نام خانوادگی')).toHaveValue('مریم آزمون');
    await expect(form.getByLabel('متن پیام')).toHaveValue(message);
    expect(await ownRecords(request, 'contact-messages', 'message', message)).toHaveLength(0);

    await form.getByRole('button', { name: 'ارسال پیام' }).dblclick();
    await expect(page.getByText('پیام شما ارسال شد').first()).toBeVisible();
    await expect(form.getByLabel('متن پیام')).toHaveValue('');
    const stored = await ownRecords(request, 'contact-messages', 'message', message);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ phone: '09123456789', kind: 'contact', name: 'مریم آزمون' });
  });

  test('export inquiry: the product is required; stored once as an export contact message', async ({
    page,
    context,
    request,
  }) => {
    await signInAsDemo(context, request);
    await openHydrated(page, '/export');
    const form = page.locator('form[data-form="export"]');
    const message = `۵۰۰ تن FOB بندرعباس ${Date.now()}`;
    await form.getByLabel('نام و نام خانوادگی').fill('Ali Test');
    await form.getByLabel('شماره موبایل').fill('09121112233');
    await form.getByLabel('مقدار، مقصد و شرایط تحویل').fill(message);
    await form.getByRole('button', { name: 'ارسال استعلام' }).click();
    await expect(form.getByText('این فیلد الزامی است')).toBeVisible();
    await expect(form.getByLabel('مقدار، مقصد و شرایط تحویل')).toHaveValue(message);
    await form.getByLabel('محصول موردنظر').fill('میلگرد ۱۶');
    await form.getByRole('button', { name: 'ارسال استعلام' }).click();
    await expect(page.getByText('استعلام صادرات ارسال شد').first()).toBeVisible();
    const stored = await ownRecords(request, 'contact-messages', 'message', message);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'export', subject: 'میلگرد ۱۶' });
  });

  test('warehouse reservation: signed out → sign in and back; stored once in the customer records and shown in the panel', async ({
    page,
    request,
  }) => {
    await openHydrated(page, '/reserve_warehouse');
    await page.getByRole('link', { name: 'ورود و رزرو انبار' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=\/reserve_warehouse$/);
    await page.getByLabel('ایمیل، نام کاربری یا شماره موبایل').fill(DEMO_USER.email);
    await page.getByLabel('رمز عبور').fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'ورود' }).click();
    await expect(page).toHaveURL(/\/reserve_warehouse$/);

    const form = page.locator('form[data-form="warehouse-reservation"]');
    const description = `تیرآهن ۱۴ آزمون ${Date.now()}`;
    await form.getByLabel('شرح کالا').fill(description);
    await form.getByLabel('مقدار (تن)').fill('۰');
    await form.getByLabel('شماره تماس').fill('۰۲۱-۱۲۳۴۵۶۷۸');
    // The browser's picker is Gregorian; the chosen day is repeated in the Persian calendar.
    await form.getByLabel('تاریخ شروع (اختیاری)').fill('2030-06-01');
    await expect(form.getByText(/به تقویم شمسی: .*خرداد ۱۴۰۹/)).toBeVisible();
    await form.getByRole('button', { name: 'ثبت درخواست رزرو' }).click();
    await expect(form.getByText('مقدار باید بیشتر از صفر باشد')).toBeVisible();
    await expect(form.getByLabel('شرح کالا')).toHaveValue(description);
    await form.getByLabel('مقدار (تن)').fill('۱۲٫۵');
    await form.getByRole('button', { name: 'ثبت درخواست رزرو' }).dblclick();
    await expect(page.getByText('درخواست رزرو انبار ثبت شد').first()).toBeVisible();
    const stored = await ownRecords(request, 'warehouse-reservations', 'product_description', description);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ contact_phone: '02112345678', status: 'submitted', start_date: '2030-06-01' });

    await form.getByRole('link', { name: 'مشاهده در پنل کاربری' }).click();
    await expect(page.locator('[data-warehouse-reservations]')).toContainText(description);
  });
});

test.describe('factories, experts, services', () => {
  test('factories: served list, province filter in the URL, a factory page, an unknown one is a 404', async ({
    page,
    request,
  }) => {
    expect(textOf(await (await request.get('/factories')).text())).toContain('فولاد مبارکه اصفهان');
    await openHydrated(page, '/factories');
    await page.getByLabel('استان').selectOption('اصفهان');
    await expect(page).toHaveURL(/province=/);
    const cards = page.locator('[data-factory-list] li');
    await expect(cards.first()).toBeVisible();
    for (const text of await cards.locator('p').first().allTextContents()) expect(text).toContain('اصفهان');
    await expect(page.locator('[data-factory-list]')).not.toContainText('فولاد خوزستان');

    await page.getByRole('link', { name: 'فولاد مبارکه اصفهان' }).click();
    await expect(page.locator('#app-catalogue h1')).toHaveText('فولاد مبارکه اصفهان');
    await expect(page.getByText('Mobarakeh Steel Company (MSC)')).toBeVisible();
    await expect(page.locator('a[href^="https://financialtribune.com/"]')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'ورق گرم' }).first()).toHaveAttribute('href', /^\/sheet\//);
    // Its products as the catalogue lists them: today's price and change, each at its own address.
    const listed = page.locator('[data-listing="table"] tr[data-product]');
    expect(await listed.count()).toBeGreaterThanOrEqual(20);
    await expect(listed.first().getByRole('link')).toHaveAttribute(
      'href',
      /^\/[a-z-]+\/[a-z0-9-]+(\/[a-z0-9-]+)?\/[a-z0-9-]+$/,
    );
    await expect(listed.locator('[data-price-rial]', { hasText: 'تومان' }).first()).toBeAttached();
    await expect(page.locator('[data-listing="table"] thead')).toContainText('تغییر روزانه');
    await expect(page.locator('[data-listing="table"] thead')).not.toContainText('تولیدکننده');

    const missing = await request.get('/factories/no-such-factory');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('Page Not Found: /factories/no-such-factory');
  });

  test('experts: photo, specialities and a tel: link dialled as +98… and shown with Persian digits', async ({
    page,
  }) => {
    await openHydrated(page, '/experts');
    const call = page.locator('a[href="tel:+982191001001"]');
    await expect(call).toHaveText('۰۲۱-۹۱۰۰۱۰۰۱');
    await expect(page.locator('[data-expert-list] img').first()).toBeVisible();
    await expect(page.getByText('تخصص: میلگرد، تیرآهن')).toBeVisible();
  });

  test('services by kind, scaffold accessories on their own page', async ({ request }) => {
    const services = textOf(await (await request.get('/services')).text());
    expect(services).toContain('برش ورق');
    expect(services).not.toContain('بست داربست');
    const accessories = textOf(await (await request.get('/services-equipment/scaffold-accessories')).text());
    expect(accessories).toContain('بست داربست');
    expect(accessories).not.toContain('برش ورق');
  });
});

test.describe('exchange page', () => {
  test('offers and results with bourse.md headings, filters in the URL, a purchase request through sign-in', async ({
    page,
    request,
  }) => {
    const html = textOf(await (await request.get('/landing/bourse')).text());
    for (const heading of [
      'تاریخ عرضه',
      'قیمت پایه (ریال/کیلوگرم)',
      'قیمت پایانی میانگین موزون',
      'خرید از بورس کالا چگونه است؟',
    ])
      expect(html).toContain(heading);

    await openHydrated(page, '/landing/bourse');
    await page.getByLabel('گروه کالا').selectOption('میلگرد');
    await expect(page).toHaveURL(/group=/);
    const rows = page.locator('[data-offer-table] tbody tr');
    await expect(rows.first()).toBeVisible();
    for (const name of await rows.locator('th').allTextContents()) expect(name).toBe('میلگرد ۱۴ A3');

    await openHydrated(page, '/landing/bourse');
    const request_ = page.locator('[data-request-offer]').first();
    const href = await request_.getAttribute('href');
    expect(href).toMatch(/^\/panel\/bourse\/new\?offer=/);
    await request_.click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel('ایمیل، نام کاربری یا شماره موبایل').fill(DEMO_USER.email);
    await page.getByLabel('رمز عبور').fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'ورود' }).click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, '\\?')}$`));
  });
});
