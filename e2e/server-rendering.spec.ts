import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { DEMO_USER, EDITOR_TOKEN, SPEC_PORTS, cmsURL, e2eBuildsDir, notHidden } from './support/environment';
import { firstProductName } from './support/expected-pages';
import { startAppServer } from './support/app-server';
import { publish } from '@steel/server/publish';
import { activate } from '@steel/server/live-file-writes';

/**
 * Public pages arrive rendered (docs/architecture.md, "How a page reaches the screen"): the HTML fetched without JavaScript holds the
 * page, its data and its head; the browser hydrates it without a warning and without fetching
 * the page's data again; statuses are real; a deploy, a broken server entry and a CMS edit are
 * handled without a restart.
 */

const KALAF_PRODUCT = firstProductName('rebar', 'kalaf');

/** Key routes, each with what its served HTML must hold (written from the domain data and the seed). */
const KEY_ROUTES = [
  { path: '/', h1: 'بازار آهن‌آلات', content: 'قیمت روز آهن‌آلات', jsonLd: 'WebSite' },
  { path: '/rebar', h1: 'میلگرد', content: 'میلگرد کلاف', jsonLd: 'BreadcrumbList' },
  { path: '/sheet/coldplate', h1: 'ورق سرد', content: 'ورق روغنی', jsonLd: 'BreadcrumbList' },
  { path: '/rebar/kalaf', h1: 'میلگرد کلاف', content: KALAF_PRODUCT, jsonLd: 'BreadcrumbList' },
  { path: '/rebar/kalaf/rebar-kalaf-1', h1: KALAF_PRODUCT, content: 'مشخصات فنی', jsonLd: 'Product' },
  { path: '/weight_table', h1: 'جدول وزن آهن‌آلات', content: 'جدول وزن آهن‌آلات', jsonLd: 'BreadcrumbList' },
  { path: '/landing/bourse', h1: 'عرضه‌های فولاد در بورس کالا', content: 'بورس کالا', jsonLd: 'BreadcrumbList' },
  { path: '/blog', h1: 'اخبار و مقالات', content: 'خرید آهن از بورس کالا', jsonLd: 'BreadcrumbList' },
  { path: '/rules', h1: 'قوانین و مقررات', content: 'قیمت‌های درج‌شده در سایت', jsonLd: 'BreadcrumbList' },
];

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

test.describe('served HTML, without JavaScript', () => {
  for (const route of KEY_ROUTES) {
    test(`${route.path} holds its heading, content and head tags`, async ({ request, baseURL }) => {
      const response = await request.get(route.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<html lang="fa" dir="rtl"/);
      expect(textOf(html.match(/<h1[^>]*>[\s\S]*?<\/h1>/)?.[0] ?? '').trim()).toBe(route.h1);
      expect(textOf(html)).toContain(route.content);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toContain('<meta data-page-head name="description" content="');
      expect(html).toContain(`<link data-page-head rel="canonical" href="${new URL(route.path, baseURL).href}">`);
      expect(html).toContain('<meta data-page-head property="og:title"');
      const jsonLd = [
        ...html.matchAll(/<script data-page-head type="application\/ld\+json">([\s\S]*?)<\/script>/g),
      ].map((match) => JSON.parse(match[1] ?? '{}') as { '@type': string });
      expect(jsonLd.map((data) => data['@type'])).toContain(route.jsonLd);
      // The remote's stylesheet is in the head: nothing shows unstyled.
      expect(html).toMatch(/<style data-app="(catalogue|blog)">/);
    });
  }

  test('a visitor without JavaScript reads a sub-category with its products and prices', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/rebar/kalaf');
    await expect(page.locator('h1')).toHaveText('میلگرد کلاف');
    const row = page.locator('tr', { hasText: KALAF_PRODUCT });
    await expect(row).toBeVisible();
    await expect(row).toContainText('تومان');
    await expect(page.locator('header nav').getByRole('link', { name: 'ورق', exact: true })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await context.close();
  });
});

test.describe('statuses from the server', () => {
  test('an unknown sub-category or product is a 404 with the error page', async ({ request }) => {
    for (const path of [
      '/rebar/no-such-thing',
      '/rebar/kalaf/no-such-product',
      '/product/no-such-product',
      '/blog/no-such-article',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('data-testid="error-status">۴۰۴<');
      expect(html, path).toContain(`Page Not Found: ${path}`);
    }
  });

  test('a path no route owns is a 404 with the not-found view in the layout', async ({ request }) => {
    const response = await request.get('/no-such-page');
    expect(response.status()).toBe(404);
    expect(textOf(await response.text())).toContain('میلگرد');
  });

  test('a redirect of the route table is a 301 from the server', async ({ request }) => {
    const response = await request.get('/market', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/landing/bourse/');
  });

  test('private panel pages, and sign-in pages reached with a secret in the URL, stay rendered in the browser', async ({
    request,
  }) => {
    for (const path of ['/panel/order', '/login/reset-password?code=secret-code']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toContain('<div id="shell-root"></div>');
    }
  });
});

test.describe('the sign-in pages', () => {
  const SIGN_IN_PAGES = [
    { path: '/login', h1: 'ورود / ثبت‌نام', title: 'ورود' },
    { path: '/login/register', h1: 'ثبت‌نام', title: 'ثبت‌نام' },
    { path: '/login/forgot-password', h1: 'فراموشی رمز عبور', title: 'فراموشی رمز عبور' },
  ];
  for (const route of SIGN_IN_PAGES) {
    test(`${route.path} arrives rendered, its form disabled until the panel's code has hydrated it`, async ({
      request,
    }) => {
      const response = await request.get(`${route.path}?redirect=/panel/order`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(textOf(html.match(/<h1[^>]*>[\s\S]*?<\/h1>/)?.[0] ?? '').trim()).toBe(route.h1);
      expect(html).toContain(`<title>${route.title} | بازار آهن‌آلات</title>`);
      expect(html).toContain('<style data-app="panel">');
      // Nothing typed before hydration can be lost, and no native submit can send it in a URL.
      expect(html).toMatch(/<form[^>]*aria-busy="true"[^>]*><fieldset disabled=""/);
      expect(html).toMatch(/<input[^>]+type="(email|password)"/);
      // `?redirect=` is part of the page: its links carry it on (and the page cache keys by it).
      expect(html).toContain('redirect=/panel/order');
    });
  }

  test('every data-entry form a server renders is disabled until hydrated, and enabled after', async ({
    request,
    page,
  }) => {
    for (const { path, form } of [
      { path: '/contact-us', form: 'contact' },
      { path: '/export', form: 'export' },
    ]) {
      const html = await (await request.get(path)).text();
      const served = new RegExp(`(<form[^>]*data-form="${form}"[^>]*>)<fieldset disabled=""`).exec(html);
      expect(served, path).not.toBeNull();
      expect(served![1], path).toContain('aria-busy="true"');
      await page.goto(path);
      await expect(page.locator(`form[data-form="${form}"] fieldset`), path).toBeEnabled();
      await expect(page.locator(`form[data-form="${form}"]`), path).toHaveAttribute('aria-busy', 'false');
    }
    // A sub-category's sort order, the script's alone, likewise.
    expect(await (await request.get('/rebar/kalaf')).text()).toMatch(/<select id="[^"]+" disabled=""/);
    await page.goto('/rebar/kalaf');
    await expect(page.getByLabel('مرتب‌سازی:')).toBeEnabled();
  });

  test('/login hydrates without a warning; the form is enabled and signs in', async ({ page }) => {
    const { problems } = await openAndWatch(page, '/login?redirect=/panel/ticket');
    await expect(page.locator('#app-panel h1')).toHaveText('ورود / ثبت‌نام');
    await expect(page.locator('#app-panel fieldset')).toBeEnabled();
    await expect(page.locator('[data-ssr-url]')).toHaveCount(0);
    expect(problems).toEqual([]);
    await page.getByLabel('ایمیل، نام کاربری یا شماره موبایل').fill(DEMO_USER.username);
    await page.getByLabel('رمز عبور').fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'ورود' }).click();
    await expect(page).toHaveURL(/\/panel\/ticket$/);
  });

  test('reached by a client navigation, the sign-in form is ready at once', async ({ page }) => {
    await openAndWatch(page, '/rules');
    await page.locator('header a', { hasText: 'ورود / ثبت‌نام' }).click();
    await expect(page.locator('#app-panel h1')).toHaveText('ورود / ثبت‌نام');
    await expect(page.locator('#app-panel fieldset')).toBeEnabled();
    await expect(page).toHaveTitle('ورود | بازار آهن‌آلات');
  });
});

/** Opens a page and collects what hydration would complain about and every CMS request. */
async function openAndWatch(page: Page, path: string) {
  const problems: string[] = [];
  const cmsReads: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|did not match|#418|#419|#422|#423|#425/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    if (request.url().startsWith(`${cmsURL}/api/`) && !request.url().includes('/users/me'))
      cmsReads.push(request.url());
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return { problems, cmsReads };
}

test.describe('hydration', () => {
  for (const route of KEY_ROUTES) {
    test(`${route.path} hydrates without a warning and without fetching its data again`, async ({ page }) => {
      const { problems, cmsReads } = await openAndWatch(page, route.path);
      await expect(page.locator('main h1')).toHaveText(route.h1);
      expect(problems).toEqual([]);
      expect(cmsReads).toEqual([]);
      // Hydrated, not re-rendered: the server's markup is still the same node, and it is live.
      await expect(page.locator('[data-ssr-url]')).toHaveCount(0);
    });
  }

  // A page whose view is in a chunk of its own (`lazyPage`) names it in its page list: the
  // server preloads the chunk beside the app's code, and the hydration uses that one download.
  for (const { path, chunk } of [
    { path: '/weight_table', chunk: 'weight-table' },
    { path: '/rebar/kalaf', chunk: 'catalogue-tree' },
    { path: '/landing/bourse', chunk: 'bourse' },
    { path: '/blog/rebar-price-guide', chunk: 'article' },
  ]) {
    test(`${path} arrives with its own chunk (${chunk}) preloaded, and hydrates with it`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      const hinted = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map((match) => match[1]!);
      const own = hinted.find((href) => new RegExp(`/${chunk}\\.[0-9a-f]{8}\\.js$`).test(href));
      expect(own, `a preload of the ${chunk} chunk among ${hinted.join(', ')}`).toBeDefined();
      const requested: string[] = [];
      page.on('request', (pageRequest) => requested.push(new URL(pageRequest.url()).pathname));
      const { problems } = await openAndWatch(page, path);
      await expect(page.locator('[data-ssr-url]')).toHaveCount(0);
      expect(problems).toEqual([]);
      expect(requested.filter((pathname) => pathname === new URL(own!, 'http://page').pathname)).toHaveLength(1);
    });
  }

  test('client navigation after hydration fetches the next page through the same declarations', async ({ page }) => {
    await openAndWatch(page, '/rebar');
    await page.locator('#app-catalogue a', { hasText: 'میلگرد کلاف' }).first().click();
    await expect(page.locator('main h1')).toHaveText('میلگرد کلاف');
    await expect(page.locator('tr', { hasText: KALAF_PRODUCT })).toBeVisible();
    await expect(page).toHaveTitle(/میلگرد کلاف/);
    await page.locator('tr a', { hasText: KALAF_PRODUCT }).click();
    await expect(page.locator('main h1')).toHaveText(KALAF_PRODUCT);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/rebar\/kalaf\/rebar-kalaf-1$/);
  });
});

test.describe('content, deploys and failures without a restart', () => {
  test('a published CMS change shows on the next request', async ({ request }) => {
    const before = await request.get('/about-us');
    expect(before.status()).toBe(200);
    await request.get('/about-us'); // now from the page cache
    const found = await request.get(`${cmsURL}/api/static-pages?filters[slug][$eq]=about-us`);
    const documentId = ((await found.json()) as { data: Array<{ documentId: string }> }).data[0]?.documentId;
    const summary = `خلاصه ویرایش‌شده ${Date.now()}`;
    const edit = await request.put(`${cmsURL}/api/static-pages/${documentId}?status=published`, {
      headers: { authorization: `Bearer ${EDITOR_TOKEN}` },
      data: { data: { summary } },
    });
    expect(edit.status()).toBe(200);
    await expect
      .poll(async () => textOf(await (await request.get('/about-us')).text()), { timeout: 5_000 })
      .toContain(summary);
  });

  test.describe('a second app server with its own deploys', () => {
    // Each deploy copies and hashes a whole build, and the first render starts a new worker pool.
    test.describe.configure({ mode: 'serial', timeout: 90_000 });
    let server: Awaited<ReturnType<typeof startAppServer>>;
    let buildsDir: string;
    let workDir: string;

    test.beforeAll(async () => {
      workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-ssr-deploys-'));
      buildsDir = path.join(workDir, 'builds');
      fs.cpSync(e2eBuildsDir, buildsDir, { recursive: true, filter: notHidden });
      server = await startAppServer({ port: SPEC_PORTS.serverRendering, buildsDir });
    });

    test.afterAll(async () => {
      await server?.stop();
      fs.rmSync(workDir, { recursive: true, force: true });
    });

    /** Publishes a copy of the live catalogue with its server entry changed, and makes it live. */
    async function deployCatalogue(changeServerEntry: (code: string) => string) {
      const live = JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as { catalogue: string };
      const dist = path.join(workDir, `catalogue-${Date.now()}`);
      fs.cpSync(path.join(buildsDir, 'catalogue', live.catalogue), dist, { recursive: true });
      const entry = path.join(dist, 'server', 'index.js');
      fs.writeFileSync(entry, changeServerEntry(fs.readFileSync(entry, 'utf8')));
      // Uncompressed: brotli 11 over the whole catalogue took most of the 90 s on two busy cores,
      // and what is tested is the render, which reads the server entry as it is.
      for (const file of fs.readdirSync(dist, { recursive: true }) as string[])
        if (/\.(br|gz)$/.test(file)) fs.rmSync(path.join(dist, file));
      const { version } = await publish(buildsDir, 'catalogue', dist, { compress: false });
      await activate(buildsDir, 'catalogue', version);
      return version;
    }

    test('a new catalogue version changes the server-rendered HTML at once', async ({ request }) => {
      const health = async () =>
        ((await (await request.get(`${server.url}/api/health`)).json()) as { pid: number }).pid;
      const pid = await health();
      expect(textOf(await (await request.get(`${server.url}/`)).text())).toContain('قیمت روز، مشخصات و تولیدکنندگان');
      const version = await deployCatalogue((code) =>
        code.split('قیمت روز، مشخصات و تولیدکنندگان').join('نسخه تازه کاتالوگ'),
      );
      const html = await (await request.get(`${server.url}/`)).text();
      expect(textOf(html)).toContain('نسخه تازه کاتالوگ');
      // The browser is told to load exactly the version the HTML was made with.
      expect(html).toContain(`/builds/catalogue/${version}/`);
      expect(await health()).toBe(pid);
    });

    test('a catalogue whose server entry throws still yields a working page, rendered in the browser', async ({
      page,
      request,
    }) => {
      await deployCatalogue(() => 'exports.render = async () => { throw new Error("broken server entry"); };');
      const response = await request.get(`${server.url}/rebar/kalaf`);
      expect(response.status()).toBe(200);
      expect(response.headers()['x-render']).toBe('partial');
      const html = await response.text();
      expect(html).not.toContain(KALAF_PRODUCT);
      // The layout is still server-rendered around the empty container.
      expect(html).toContain('aria-label="دسته‌بندی محصولات"');
      await page.goto(`${server.url}/rebar/kalaf`);
      await expect(page.locator('main h1')).toHaveText('میلگرد کلاف');
      await expect(page.locator('tr', { hasText: KALAF_PRODUCT })).toBeVisible();
    });
  });

  test('with the CMS down, a page that needs its data is a 503 error page at once, and the rest still renders', async ({
    request,
  }) => {
    // Nothing listens on port 9 of loopback: every CMS read is refused.
    const down = await startAppServer({
      port: SPEC_PORTS.cmsDown,
      buildsDir: e2eBuildsDir,
      env: { CMS_INTERNAL_URL: 'http://127.0.0.1:9/api' },
    });
    try {
      const response = await request.get(`${down.url}/rebar/kalaf`, { timeout: 10_000 });
      expect(response.status()).toBe(503);
      expect(await response.text()).toContain('data-testid="error-status">۵۰۳<');
      // The weight table is the catalogue's own data: it needs no CMS.
      const weights = await request.get(`${down.url}/weight_table`);
      expect(weights.status()).toBe(200);
      expect(textOf(await weights.text())).toContain('جدول وزن آهن‌آلات');
    } finally {
      await down.stop();
    }
  });
});
