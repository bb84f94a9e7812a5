import { expect, test, type Page } from './support/test';
import { startAppServer } from './support/app-server';
import { createCmsGate } from './support/cms-gate';
import { DEMO_USER, EDITOR_TOKEN, SPEC_PORTS, cmsURL, e2eBuildsDir } from './support/environment';

// The start-up is not awaited after goto: it stops and stalls the CMS under the page.
test.use({ waitForAdoption: false });

/**
 * Faults survived, against an app server of this spec's own (SPEC_PORTS.faults)
 * whose CMS is reached through a gate (e2e/support/cms-gate.ts) that can stop or stall it.
 * Measured before: a panel form sent while the CMS was away said «اتصال به اینترنت برقرار نیست»
 * (no internet — not true, nothing about the typed values) and a public page the generic
 * «صفحه مورد نظر در دسترس نیست»; a page rendered a minute earlier answered 503 once its content
 * had changed; a client navigation while the CMS stalled hung with no word.
 */

test.describe.configure({ mode: 'serial' });

/** The deadline of a page's data on client navigation; the error comes at it. */
const PAGE_DATA_TIMEOUT_MS = 2000;

const gate = createCmsGate();
let server: Awaited<ReturnType<typeof startAppServer>>;

/** This spec's app server; with the site's own data deadline when `pageDataTimeoutMs` is null. */
async function startServer(pageDataTimeoutMs: number | null = PAGE_DATA_TIMEOUT_MS) {
  return startAppServer({
    port: SPEC_PORTS.faults,
    buildsDir: e2eBuildsDir,
    env: {
      CMS_PUBLIC_URL: `${gate.url}/api`,
      CMS_INTERNAL_URL: `${gate.url}/api`,
      ...(pageDataTimeoutMs === null ? {} : { PAGE_DATA_TIMEOUT_MS: String(pageDataTimeoutMs) }),
      SSR_STALE_RETRY_MS: '1000',
    },
  });
}

test.beforeAll(async () => {
  await gate.open();
  server = await startServer();
});

test.afterAll(async () => {
  await server?.stop();
  await gate.close().catch(() => undefined);
});

/** A marker that only survives while the page is not reloaded. */
const markPage = (page: Page) => page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);
const app = (page: Page) => page.locator('#app-panel');

test('the CMS stopped mid-session: the form keeps its values and says so, a public page says so; back, the next action works without a reload', async ({
  page,
}) => {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('ایمیل، نام کاربری یا شماره موبایل').fill(DEMO_USER.username);
  await page.getByLabel('رمز عبور').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'ورود' }).click();
  await expect(page).toHaveURL(`${server.url}/panel`);

  await page.goto(`${server.url}/panel/ticket/new`);
  await app(page).getByLabel('موضوع').fill('بارگیری سفارش');
  await app(page).getByLabel('متن پیام').fill('سفارش من کی بارگیری می‌شود؟');
  await markPage(page);

  await gate.close();
  await app(page).getByRole('button', { name: 'ارسال' }).click();
  const alert = app(page).getByRole('alert');
  await expect(alert).toContainText('ارتباط با سرور برقرار نشد');
  await expect(alert).toContainText('آنچه وارد کرده‌اید حفظ شده است');
  await expect(app(page).getByLabel('موضوع')).toHaveValue('بارگیری سفارش');
  await expect(app(page).getByLabel('متن پیام')).toHaveValue('سفارش من کی بارگیری می‌شود؟');
  // Still signed in: a CMS that cannot answer is not a sign-out.
  await expect(page.getByRole('banner').getByRole('link', { name: 'پنل کاربری' })).toBeVisible();

  await gate.open();
  await app(page).getByRole('button', { name: 'ارسال' }).click();
  await expect(page).toHaveURL(new RegExp(`${server.url}/panel/ticket/[a-z0-9]+$`));
  await expect(app(page).locator('h1')).toHaveText('بارگیری سفارش');
  expect(await stillSameDocument(page)).toBe(true);

  // A public page never visited in this document, while the CMS is away: one retry, then a
  // clear Persian error in the layout with a retry — not the fatal page.
  await gate.close();
  await page.getByRole('contentinfo').getByRole('link', { name: 'قوانین و مقررات' }).click();
  const dataError = page.locator('#app-catalogue').getByRole('alert');
  await expect(dataError).toContainText('اطلاعات این صفحه دریافت نشد');
  await expect(page.getByRole('banner')).toBeVisible();

  await gate.open();
  await dataError.getByRole('button', { name: 'تلاش مجدد' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('قوانین و مقررات');
  expect(await stillSameDocument(page)).toBe(true);
});

test('the CMS stopped: a page rendered before is served stale, one never rendered is the 503 page; back, fresh content', async ({
  request,
}) => {
  test.setTimeout(60_000);
  expect((await request.get(`${server.url}/export`)).headers()['x-render']).toBe('server');
  // The home, as the issue measured it: rendered a minute before the CMS went away.
  expect((await request.get(`${server.url}/`)).headers()['x-render']).toBe('server');

  // An editor changes the page; this server hears of it as it would from the CMS.
  const found = await request.get(`${cmsURL}/api/static-pages?filters[slug][$eq]=export`);
  const original = ((await found.json()) as { data: Array<{ documentId: string; body: string }> }).data[0]!;
  const marker = `fresh-after-outage-${Date.now()}`;
  const edit = (body: string) =>
    request.put(`${cmsURL}/api/static-pages/${original.documentId}?status=published`, {
      headers: { authorization: `Bearer ${EDITOR_TOKEN}` },
      data: { data: { body } },
    });
  expect((await edit(`${original.body}\n\n${marker}\n`)).status()).toBe(200);
  try {
    expect(
      (await request.post(`${server.url}/_/content-changed`, { data: { collections: ['static-pages'] } })).status(),
    ).toBe(200);

    await gate.close();
    const stale = await request.get(`${server.url}/export`);
    expect(stale.status()).toBe(200);
    expect(stale.headers()['x-render']).toBe('stale');
    expect(stale.headers()['warning']).toContain('111');
    const staleHtml = await stale.text();
    expect(staleHtml).toContain('<h1');
    expect(staleHtml).not.toContain(marker);

    // Nothing the home reads changed: its copy is still fresh, and served as such.
    const home = await request.get(`${server.url}/`);
    expect([home.status(), home.headers()['x-render']]).toEqual([200, 'cache']);
    // Everything changed (as a CMS reports a change it cannot name): the home is re-rendered,
    // which fails, so its last good render is served, saying so.
    expect((await request.post(`${server.url}/_/content-changed`, { data: {} })).status()).toBe(200);
    const staleHome = await request.get(`${server.url}/`);
    expect([staleHome.status(), staleHome.headers()['x-render']]).toEqual([200, 'stale']);
    expect(await staleHome.text()).toBe(await home.text());

    const never = await request.get(`${server.url}/experts`);
    expect(never.status()).toBe(503);
    expect(await never.text()).toContain('data-testid="error-status">۵۰۳<');

    // Back: rendered afresh in the background (at most once a second here), the edit shows.
    await gate.open();
    await expect
      .poll(
        async () => {
          const response = await request.get(`${server.url}/export`);
          return `${response.headers()['x-render']} ${(await response.text()).includes(marker)}`;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^(cache|server) true$/);
    await expect
      .poll(async () => (await request.get(`${server.url}/`)).headers()['x-render'], { timeout: 15_000 })
      .toMatch(/^(cache|server)$/);
  } finally {
    await gate.open().catch(() => undefined);
    await edit(original.body);
  }
});

test('a client navigation while the CMS stalls: an error in place at the time limit, a retry once it goes on', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${server.url}/about-us`);
  await expect(page.locator('#app-catalogue h1')).toHaveText('درباره ما');
  await expect(page.locator('[data-ssr-url]')).toHaveCount(0);
  await markPage(page);

  // What became of each page-data request (the browser aborts one past its time limit).
  const aborted: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.url().includes('/api/static-pages') && request.failure()?.errorText === 'net::ERR_ABORTED')
      aborted.push(request.url());
  });
  gate.stall();
  try {
    const started = Date.now();
    await page.getByRole('contentinfo').getByRole('link', { name: 'قوانین و مقررات' }).click();
    const dataError = page.locator('#app-catalogue').getByRole('alert');
    await expect(dataError).toContainText('اطلاعات این صفحه دریافت نشد', { timeout: PAGE_DATA_TIMEOUT_MS + 5000 });
    const waitedMs = Date.now() - started;
    console.log(`stalled CMS: in-layout error after ${waitedMs} ms`);
    // One deadline for the read: a late request is not asked again (it would stall again).
    expect(waitedMs).toBeGreaterThanOrEqual(PAGE_DATA_TIMEOUT_MS - 200);
    expect(waitedMs).toBeLessThan(PAGE_DATA_TIMEOUT_MS + 4000);
    // The loading bar finished (red), the layout stands, the fatal page never came.
    const bar = page.getByTestId('loading-bar');
    await expect(bar).toHaveAttribute('data-visible', 'false');
    await expect(page.getByRole('heading', { name: 'خطا' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // The late request was cut, not left holding a connection of the browser's while the CMS stalls.
    expect(aborted).toHaveLength(1);
  } finally {
    gate.resume();
  }
  // Keyboard: the retry is a button in the tab order.
  const retry = page.locator('#app-catalogue').getByRole('button', { name: 'تلاش مجدد' });
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#app-catalogue h1')).toHaveText('قوانین و مقررات');
  expect(await stillSameDocument(page)).toBe(true);
});

test('a panel page whose data stalls: its own error in place within the time limit, and its retry works once the CMS goes on', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('ایمیل، نام کاربری یا شماره موبایل').fill(DEMO_USER.username);
  await page.getByLabel('رمز عبور').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'ورود' }).click();
  await expect(page).toHaveURL(`${server.url}/panel`);
  const order = app(page)
    .getByRole('link', { name: /سفارش SO-DEMO/ })
    .first();
  await expect(order).toBeVisible();
  await markPage(page);

  gate.stall();
  try {
    await order.click();
    const alert = app(page).getByRole('alert').filter({ hasText: 'سرور به‌موقع پاسخ نداد' });
    await expect(alert).toBeVisible({ timeout: PAGE_DATA_TIMEOUT_MS + 5000 });
    await expect(page.getByRole('heading', { name: 'خطا' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toBeVisible();
  } finally {
    gate.resume();
  }
  await app(page)
    .getByRole('alert')
    .filter({ hasText: 'سرور به‌موقع پاسخ نداد' })
    .getByRole('button', { name: 'تلاش مجدد' })
    .click();
  await expect(app(page).locator('h1')).toHaveText(/^سفارش SO-DEMO-\d$/);
  expect(await stillSameDocument(page)).toBe(true);
});

test('a client navigation while the CMS answers 5xx: asked once more, then the error in place, not the fatal page', async ({
  page,
}) => {
  await page.goto(`${server.url}/about-us`);
  await expect(page.locator('#app-catalogue h1')).toHaveText('درباره ما');
  await expect(page.locator('[data-ssr-url]')).toHaveCount(0);
  let asked = 0;
  await page.route(`${gate.url}/api/static-pages**`, (route) => {
    asked += 1;
    return route.fulfill({
      status: 503,
      headers: { 'access-control-allow-origin': '*' },
      contentType: 'application/json',
      body: JSON.stringify({
        data: null,
        error: { status: 503, name: 'ServiceUnavailableError', message: 'Service Unavailable' },
      }),
    });
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'قوانین و مقررات' }).click();
  const dataError = page.locator('#app-catalogue').getByRole('alert');
  await expect(dataError).toContainText('اطلاعات این صفحه دریافت نشد');
  expect(asked).toBe(2);
  await expect(page.getByRole('heading', { name: 'خطا' })).toHaveCount(0);
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-error', 'true');

  await page.unroute(`${gate.url}/api/static-pages**`);
  await dataError.getByRole('button', { name: 'تلاش مجدد' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('قوانین و مقررات');
});

test('the app server restarted under a reader: the next navigation works', async ({ page }) => {
  await page.goto(`${server.url}/about-us`);
  await expect(page.locator('#app-catalogue h1')).toHaveText('درباره ما');

  await server.stop();
  await expect
    .poll(() =>
      fetch(`${server.url}/api/health`).then(
        () => 'up',
        () => 'down',
      ),
    )
    .toBe('down');
  // With the site's own data deadline (5 s), not the 2 s the stall tests above need: what is tested
  // is the restart. A restarted server's first reads, through the CMS gate with both cores busy,
  // can pass 2 s; this test failed in both tries in a CI run while passing alone in 9 s.
  server = await startServer(null);

  await page.getByRole('contentinfo').getByRole('link', { name: 'اخبار و مقالات' }).click();
  await expect(page.locator('#app-blog h1')).toHaveText('اخبار و مقالات');
  await page.getByRole('contentinfo').getByRole('link', { name: 'کارشناسان فروش' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('کارشناسان فروش');
  // And a navigation the restarted server answers itself.
  await page.getByRole('contentinfo').getByRole('link', { name: 'کارخانه‌ها' }).click();
  await page.reload();
  await expect(page.locator('#app-catalogue h1')).toHaveText('کارخانه‌های تولیدکننده');
});
