import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { addKey } from '@steel/server/deploy-keys';
import { readLive } from '@steel/server/builds-folder';
import { status } from '@steel/server/status';
import { remote as deployApi, type RemoteTarget } from '@steel/server/deploy-client';
import { pdfText, withoutJoiners } from '@steel/server/pdf-text';
import { EDITOR_TOKEN, SPEC_PORTS, baseURL, cmsURL, repoRoot } from './support/environment';
import { preparedBuild } from './support/prepared-builds';
import { listingRowBasketButton } from './support/inquiry-basket';
import { waitForMailTo } from './support/mails';
import { axeViolations } from './support/axe';
import { startAppServer } from './support/app-server';
import { craftingFolder, type CraftingFolder } from './support/crafted-versions';
import { contributionsHydrated } from './support/loaded-code';

/**
 * The inquiry team's remote (mf-inquiry) joins a running site through other apps' extension slots
 * (docs/architecture.md, "Extension slots"), and nobody else deploys:
 *
 * - the platform registers the app, the team deploys it with its own key; the gate tries the
 *   catalogue's pages with its contributions in them; live.json changes in the inquiry app only;
 * - its «افزودن به استعلام» is in the product page's HTML and in every listing row, its counter in
 *   the header — whose code a page without a basket never loads; a signed-out visitor fills a basket of three products from a listing and a product
 *   page, finds it intact after a reload, signs in and finds it intact in the account, sends it;
 *   an operator prices it through the CMS API; the buyer accepts the quote, finds the order in the
 *   panel, and the pro-forma's PDF holds the lines and the total; another customer sees none of it;
 * - a price alert fires once when the CMS lowers the price below its threshold, not again that day;
 * - two products of a listing side by side on a shareable compare page;
 * - on a 412 px phone in fa-IR: Persian and Arabic-Indic figures read into the basket, a figure
 *   past a line's limit refused in Persian beside the field, the day's change beside the price,
 *   compare with four products, the basket, requests and alerts within 360 and 412 px, a branch
 *   product bought in tonnes showing the whole branches they come to (the basket keeps branches and
 *   says the tonnes), and the old inquiry addresses sent to the inquiry pages;
 * - a version whose product-page contribution throws is refused by the gate with its line; forced
 *   live, the product page renders whole without it, and the beacon names the inquiry app;
 * - a version whose contribution throws only for a signed-in buyer is refused too: the gate opens
 *   the pages its parts show on signed in as well as signed out.
 */
test.describe.configure({ mode: 'serial', timeout: 600_000 });
// The tests are long (a deploy, a journey); a single press that cannot happen should fail in seconds, not at their end.
test.use({ actionTimeout: 20_000 });

const NAME = 'inquiry';
const LISTING = '/rebar/kalaf';

let folder: CraftingFolder;
let keysFile: string;
let server: Awaited<ReturnType<typeof startAppServer>>;
let teamKey: string;
/** The buyer of the journey and their accepted inquiry: the phone test reads their pages too. */
let journey: { buyer: Customer; documentId: string } | null = null;

interface Customer {
  email: string;
  password: string;
  jwt: string;
}
/** A customer nobody has registered yet, through the CMS's own API. */
async function newCustomer(prefix: string): Promise<Customer> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = { username: `${prefix}${stamp}`, email: `${prefix}${stamp}@example.com`, password: 'Steel2024x' };
  const response = await fetch(`${cmsURL}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { ...account, jwt: ((await response.json()) as { jwt: string }).jwt };
}

/** The CMS's REST API as a customer (their JWT) or the sales operator (an API token). */
async function cms<T>(
  method: string,
  route: string,
  token: string,
  data?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${cmsURL}/api${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(data ? { 'content-type': 'application/json' } : {}) },
    ...(data ? { body: JSON.stringify({ data }) } : {}),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}

async function signIn(page: Page, customer: Customer) {
  await page.getByLabel('ایمیل، نام کاربری یا شماره موبایل').fill(customer.email);
  await page.getByLabel('رمز عبور').fill(customer.password);
  await page.getByRole('button', { name: 'ورود' }).click();
}

/**
 * The inquiry app's part of the page (its pages' root, or a selector of its contribution to another
 * app's page) passes axe (Lighthouse's rules) in light and in dark mode.
 */
async function accessibleInBothModes(page: Page, what: string, part = '#app-inquiry') {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(new RegExp(colorScheme));
    expect(await axeViolations(page, part), `${what} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Digits only, Persian or Latin, as Latin: «۱۲٬۵۰۰ تومان» → «12500». */
const digitsOf = (text: string) =>
  text.replace(/[۰-۹]/g, (digit) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(digit))).replace(/[^0-9]/g, '');

const as = (key: string): RemoteTarget => ({ server: server.url, key });
const liveVersions = async () => (await readLive(folder.buildsDir))?.versions ?? {};

/** The first product of the listing: its page's path, read from the listing's own link. */
async function firstProductPath(page: Page): Promise<string> {
  await page.goto(`${server.url}${LISTING}`);
  const href = await page.locator('[data-listing="table"] tbody tr th a').first().getAttribute('href');
  expect(href).toBeTruthy();
  return href!;
}

test.beforeAll(async () => {
  // It starts an app server of its own: a hook's default 30 s is not always enough on a busy
  // machine, and the file's timeout covers its tests, not this hook.
  test.setTimeout(300_000);
  folder = craftingFolder('steel-inquiry-slots-');
  keysFile = path.join(folder.workDir, 'deploy-keys.json');
  server = await startAppServer({
    port: SPEC_PORTS.inquirySlots,
    buildsDir: folder.buildsDir,
    env: { DEPLOY_KEYS_FILE: keysFile, DEPLOY_GATE_PORT: String(SPEC_PORTS.inquirySlotsGate) },
  });
});

test.afterAll(async () => {
  await server?.stop();
  folder?.remove();
});

test('the inquiry team deploys its remote alone: only the inquiry app changes in live.json', async () => {
  const before = await liveVersions();
  expect(before[NAME]).toBeUndefined();
  const platformKey = await addKey({ buildsDir: folder.buildsDir, keysFile }, 'platform', 'platform-team');
  await deployApi.apps.add(as(platformKey), { name: NAME, paths: ['/inquiry/**'], owner: 'inquiry-team' });
  teamKey = await addKey({ buildsDir: folder.buildsDir, keysFile }, NAME, 'inquiry-team');
  const published = await deployApi.publish(as(teamKey), NAME, await preparedBuild('inquiry'));
  const activated = await deployApi.activate(as(teamKey), NAME, published.version);
  expect(activated).toMatchObject({ version: published.version, gate: 'passed' });
  expect(await liveVersions()).toEqual({ ...before, [NAME]: published.version });
  // The registry names its contributions, so every host finds them.
  const registry = (await (await fetch(`${server.url}/remotes.json`)).json()) as Record<
    string,
    { contributions?: Array<{ slot: string }>; slotHosts?: Record<string, string> }
  >;
  expect(registry[NAME]?.contributions?.map(({ slot }) => slot).sort()).toEqual([
    'header.counter',
    'listing.row',
    'panel.dashboard',
    'product.actions',
  ]);
  expect(registry['catalogue']?.slotHosts).toEqual({ 'product.actions': '1.0.0', 'listing.row': '1.0.0' });
});

/** The slots whose chunks (`slot-<slot>`, the inquiry's `./slots` splits each off) were fetched. */
const slotChunksIn = (files: readonly string[]) =>
  [...new Set(files.flatMap((file) => /\/(slot-[a-z-]+)\.[0-9a-f]+\.js$/.exec(file)?.[1] ?? []))].sort();

test('a page without a basket loads none of the inquiry app; the first line brings the counter, and the next page shows it', async ({
  page,
}) => {
  // Every file of the live inquiry version lives beside its entry.
  const registry = (await (await fetch(`${server.url}/remotes.json`)).json()) as Record<string, { entry: string }>;
  const inquiryFolder = new URL('.', new URL(registry[NAME]!.entry, server.url)).href;
  const inquiryFiles: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(inquiryFolder)) inquiryFiles.push(request.url());
  });

  // The home page hosts only the header's counter, whose condition (a basket, a comparison, a
  // session in storage) does not hold: neither the server nor the browser runs the inquiry app.
  const html = await (await fetch(`${server.url}/`)).text();
  expect(html).not.toContain('<style data-slot-css="inquiry">');
  await page.goto(`${server.url}/`);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('header [data-slot="header.counter"]')).toBeAttached();
  expect(inquiryFiles).toEqual([]);

  // A listing row shows the basket's button: the code comes, and the first line brings the counter.
  await page.goto(`${server.url}${LISTING}`);
  await listingRowBasketButton(page).click();
  await expect(page.locator('header [data-inquiry-count]')).toHaveAttribute('data-inquiry-count', '1');
  // Each slot's part is a chunk of its own: a listing downloads its rows' and, with a basket, the
  // header's — never the product page's price alert or the dashboard's card.
  expect(slotChunksIn(inquiryFiles)).toEqual(['slot-header-counter', 'slot-listing-row']);

  // Another page, loaded afresh: the basket in storage is the condition, so the counter's code comes at once.
  inquiryFiles.length = 0;
  await page.goto(`${server.url}/`);
  await expect(page.locator('header [data-inquiry-count]')).toHaveAttribute('data-inquiry-count', '1');
  expect(slotChunksIn(inquiryFiles)).toEqual(['slot-header-counter']);
});

test("a signed-out visitor's basket of three survives a reload and sign-in, is sent, priced, accepted and printed", async ({
  page,
}) => {
  const productPath = await firstProductPath(page);
  // Server-rendered into the catalogue's page, with the inquiry app's stylesheet in the head.
  const html = await (await fetch(`${server.url}${productPath}`)).text();
  expect(html).toMatch(/data-slot-contribution="inquiry" data-app="inquiry" data-slot-ssr="[^"]+"><form/);
  expect(html).toContain('افزودن به استعلام');
  expect(html).toContain('<style data-slot-css="inquiry">');

  // No app reports a failure on the way (a beacon's body is not visible to Playwright, its request is).
  const failures: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/_/remote-failure')) failures.push(request.url());
  });
  // Two rows of the listing, one sale unit each.
  await page.goto(`${server.url}${LISTING}`);
  await listingRowBasketButton(page, 1).click();
  await listingRowBasketButton(page, 2).click();
  const counter = page.locator('header [data-inquiry-count]');
  await expect(counter).toHaveAttribute('data-inquiry-count', '2');
  await expect(counter).toHaveAccessibleName('سبد استعلام، ۲ قلم');

  // The product page, reached in the page: the contribution hydrated and takes a quantity.
  await page.locator('[data-listing="table"] tbody tr th a').first().click();
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
  const form = page.getByRole('form', { name: 'افزودن به استعلام قیمت' });
  await form.getByLabel(/مقدار/).fill('3');
  await expect(form.locator('[aria-live]')).toContainText('جمع تقریبی');
  await form.getByRole('button', { name: 'افزودن به استعلام' }).click();
  await expect(counter).toHaveAttribute('data-inquiry-count', '3');
  await expect(form).toContainText('در سبد استعلام: ۳');

  await page.reload();
  await expect(page.locator('header [data-inquiry-count]')).toHaveAttribute('data-inquiry-count', '3');
  await page.locator('header [data-inquiry-count]').click();
  await expect(page).toHaveURL(/\/inquiry$/);
  await expect(page.locator('[data-inquiry-line]')).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 1, name: 'سبد استعلام' })).toBeVisible();
  expect(failures).toEqual([]);
  const basketSlugs = (await page
    .locator('[data-inquiry-line]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-inquiry-line')))) as string[];

  // Signed out, sending asks for a sign-in that comes back here; the basket is merged into the account.
  const buyer = await newCustomer('inquirer');
  await page.getByRole('link', { name: /وارد/ }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, buyer);
  await expect(page).toHaveURL(new RegExp(`${server.url}/inquiry$`));
  await expect(page.locator('[data-inquiry-line]')).toHaveCount(3);
  await expect
    .poll(async () => {
      const mine = await cms<{ data: { lines: Array<{ product_slug: string }> } }>(
        'GET',
        '/inquiry-basket/mine',
        buyer.jwt,
      );
      return mine.body.data.lines.map((line) => line.product_slug).sort();
    })
    .toEqual([...basketSlugs].sort());

  // Send: a city (its shipping estimate shown as it is chosen) and a note.
  const send = page.getByRole('form', { name: 'ارسال استعلام قیمت' });
  await expect(send).toBeVisible();
  await accessibleInBothModes(page, 'the basket with its send form');
  await send.getByLabel('شهر محل تحویل').selectOption({ label: 'تهران' });
  await expect(send.locator('[data-shipping-estimate]')).toContainText('هزینهٔ تقریبی حمل از تهران به تهران');
  await send.getByLabel('توضیحات (اختیاری)').fill('تحویل در کارگاه، صبح‌ها');
  await send.getByRole('button', { name: 'ارسال استعلام' }).click();
  await expect(page).toHaveURL(/\/inquiry\/requests\/[a-z0-9]+$/);
  const heading = page.getByRole('heading', { level: 1, name: /^استعلام RQ-/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('استعلام', '').trim();
  // Sent, the basket is empty, and the header's counter gone with it.
  await expect(page.locator('header [data-inquiry-count]')).toHaveCount(0);

  // The sales operator prices every line and the shipping through the CMS API.
  interface OperatorInquiry {
    documentId: string;
    lines: Array<{ product_slug: string; product_name: string }>;
  }
  const queue = await cms<{ data: OperatorInquiry[] }>(
    'GET',
    `/inquiries?filters[number][$eq]=${number}`,
    EDITOR_TOKEN,
  );
  expect(queue.body.data).toHaveLength(1);
  const inquiry = queue.body.data[0]!;
  const quoted = await cms('PUT', `/inquiries/${inquiry.documentId}/quote`, EDITOR_TOKEN, {
    lines: inquiry.lines.map((line, index) => ({
      product_slug: line.product_slug,
      quoted_unit_price: 5_000_000 + index * 10_000,
    })),
    quoted_shipping: 20_000_000,
  });
  expect(quoted.status).toBe(200);

  // The buyer sees the quote beside the indicative prices, and accepts it into an order.
  await page.reload();
  await expect(page.locator('[data-quote-total]')).toBeVisible();
  const total = Number(await page.locator('[data-quote-total]').getAttribute('data-quote-total'));
  expect(total).toBeGreaterThan(0);
  await accessibleInBothModes(page, 'an inquiry with its quote');
  await page.getByRole('button', { name: 'پذیرش پیش‌فاکتور' }).click();
  await page.getByRole('button', { name: 'تأیید و ثبت سفارش' }).click();
  await expect(page.getByText('پیش‌فاکتور پذیرفته شد')).toBeVisible();
  await page.getByRole('link', { name: 'مشاهدهٔ سفارش' }).click();
  await expect(page).toHaveURL(/\/panel\/order/);
  for (const line of inquiry.lines) await expect(page.locator('#app-panel')).toContainText(line.product_name);
  // The order is the quote: its total, shipping and tax, nothing «approximate».
  const order = page.locator('#app-panel [data-quoted-order]');
  await expect(order).toHaveAttribute('data-quoted-order', number);
  await expect(order.locator('[data-order-total]')).toHaveAttribute('data-order-total', String(total));
  expect(digitsOf((await order.locator('[data-order-total]').textContent())!)).toContain(String(total / 10));
  await expect(order).toContainText('هزینهٔ حمل');
  await expect(page.locator('#app-panel')).not.toContainText('تقریبی');
  journey = { buyer, documentId: inquiry.documentId };

  // The pro-forma's PDF, printed by the app server's Chromium as this buyer.
  const pdf = await page.request.get(
    `${server.url}/_/print.pdf?path=${encodeURIComponent(`/inquiry/requests/${inquiry.documentId}/proforma`)}`,
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // Its text as pdftotext reads it (a real embedded font, every letter in order): «کلاف» is
  // «کلاف», not «کالف»; the seller's national ID as the CMS keeps it; the total in toman.
  const text = await pdfText(await pdf.body());
  expect(text).toContain(withoutJoiners('پیش‌فاکتور'));
  expect(text).toContain(number);
  expect(text).toContain('کلاف');
  expect(text).not.toContain('کالف');
  const seller = (await cms<{ data: { national_id: string; legal_name: string } }>('GET', '/seller', EDITOR_TOKEN)).body
    .data;
  expect(digitsOf(text)).toContain(seller.national_id);
  expect(text).toContain(withoutJoiners(seller.legal_name));
  expect(digitsOf(text)).toContain(String(Math.round(total / 10)));
  // Each line: the words of its product's name and its unit price in toman.
  for (const [index, line] of inquiry.lines.entries()) {
    for (const word of withoutJoiners(line.product_name)
      .split(/\s+/)
      .filter((part) => /[آ-ی]{2}/.test(part)))
      expect(text).toContain(word);
    expect(digitsOf(text)).toContain(String((5_000_000 + index * 10_000) / 10));
  }

  // A size in a product's name keeps its order in the PDF's text: «تسمه ۳۰×۳», never «۳×۳۰».
  const strip = (
    await cms<{ data: Array<{ slug: string }> }>(
      'GET',
      `/products?filters[name][$eq]=${encodeURIComponent('تسمه ۳۰×۳')}`,
      EDITOR_TOKEN,
    )
  ).body.data[0]!;
  const sized = await cms<{ data: { documentId: string } }>('POST', '/inquiries', buyer.jwt, {
    lines: [{ product_slug: strip.slug, quantity: 1 }],
    province_slug: 'tehran',
  });
  expect(sized.status).toBe(201);
  const sizedQuote = await cms('PUT', `/inquiries/${sized.body.data.documentId}/quote`, EDITOR_TOKEN, {
    lines: [{ product_slug: strip.slug, quoted_unit_price: 1_000_000 }],
    quoted_shipping: 20_000_000,
  });
  expect(sizedQuote.status).toBe(200);
  const sizedPdf = await page.request.get(
    `${server.url}/_/print.pdf?path=${encodeURIComponent(`/inquiry/requests/${sized.body.data.documentId}/proforma`)}`,
  );
  expect(sizedPdf.status()).toBe(200);
  const sizedText = await pdfText(await sizedPdf.body());
  expect(sizedText).toContain('۳۰×۳');
  expect(sizedText).not.toContain('۳×۳۰');

  // The pro-forma on screen, as the PDF was made from it.
  await page.goto(`${server.url}/inquiry/requests/${inquiry.documentId}/proforma`);
  await expect(page.locator('[data-print-ready]')).toBeAttached();
  await accessibleInBothModes(page, 'the pro-forma');

  // Another customer sees none of it: not through the CMS, not on the site, not as a PDF.
  const stranger = await newCustomer('stranger');
  expect((await cms<{ data: unknown[] }>('GET', '/inquiries', stranger.jwt)).body.data).toEqual([]);
  expect((await cms('GET', `/inquiries/${inquiry.documentId}`, stranger.jwt)).status).toBe(404);
  expect((await cms('POST', `/inquiries/${inquiry.documentId}/accept`, stranger.jwt)).status).toBe(404);
  const strangerPage = await (await page.context().browser()!.newContext()).newPage();
  await strangerPage.context().addCookies([{ name: 'user_token', value: stranger.jwt, url: server.url }]);
  await strangerPage.goto(`${server.url}/inquiry/requests/${inquiry.documentId}`);
  await expect(strangerPage.locator('#app-inquiry')).not.toContainText(number);
  const proformaPdf = `${server.url}/_/print.pdf?path=${encodeURIComponent(`/inquiry/requests/${inquiry.documentId}/proforma`)}`;
  const strangerPdf = await strangerPage.request.get(proformaPdf);
  expect(strangerPdf.status()).toBe(404);
  expect(await strangerPdf.text()).toContain('در حساب شما یافت نشد');
  await strangerPage.context().close();
  // Signed out, nothing is printed; nor is anything but a printable page, however its path is spelled.
  expect((await fetch(proformaPdf)).status).toBe(401);
  for (const path of ['/.%2E/_/console', '/metrics', `/inquiry/requests/${inquiry.documentId}`])
    expect((await page.request.get(`${server.url}/_/print.pdf?path=${encodeURIComponent(path)}`)).status(), path).toBe(
      404,
    );
});

test('a price alert fires once when the CMS lowers the price below it, not again the same day', async ({ page }) => {
  // A product no other spec prices: the last of the listing's table.
  await page.goto(`${server.url}${LISTING}`);
  const productPath = (await page.locator('[data-listing="table"] tbody tr th a').last().getAttribute('href'))!;
  const slug = productPath.split('/').pop()!;
  const found = await cms<{ data: Array<{ documentId: string; price: string; name: string }> }>(
    'GET',
    `/products?filters[slug][$eq]=${slug}`,
    EDITOR_TOKEN,
  );
  const product = found.body.data[0]!;
  const price = Number(product.price);
  const setPrice = async (rial: number) =>
    expect(
      (await cms('PUT', `/products/${product.documentId}?status=published`, EDITOR_TOKEN, { price: rial })).status,
    ).toBe(200);

  const buyer = await newCustomer('watcher');
  await page.context().addCookies([{ name: 'user_token', value: buyer.jwt, url: server.url }]);
  await page.goto(`${server.url}${productPath}`);
  await page.getByText('خبرم کن وقتی قیمت کمتر از … شد').click();
  const form = page.getByRole('form', { name: `اعلان قیمت «${product.name}»` });
  // The threshold in toman, a little under today's price.
  const thresholdToman = Math.floor(price / 10) - 1_000;
  await form.getByRole('textbox').fill(String(thresholdToman));
  await form.getByRole('button', { name: 'خبرم کن' }).click();
  await expect(form.getByRole('status')).toContainText('ثبت شد');

  const notifications = async () =>
    (await cms<{ data: Array<{ product_slug: string }> }>('GET', '/notifications', buyer.jwt)).body.data.filter(
      (notification) => notification.product_slug === slug,
    ).length;
  try {
    await setPrice(thresholdToman * 10 - 50_000);
    await expect.poll(notifications).toBe(1);
    const mail = await waitForMailTo(buyer.email);
    expect(mail.text).toContain(product.name);
    // Its links are on the site's public address (the CMS's SITE_URL), never a default host.
    expect(mail.text).toContain(`${baseURL}/inquiry/alerts`);
    expect(mail.text).toContain(`${baseURL}${productPath}`);
    // Lowered again the same day: nothing new.
    await setPrice(thresholdToman * 10 - 100_000);
    await page.waitForTimeout(1_000);
    expect(await notifications()).toBe(1);
    // On the panel's dashboard, through the inquiry app's card.
    await page.goto(`${server.url}/panel`);
    await expect(page.locator('[data-unread-count]')).toHaveAttribute('data-unread-count', '1');
    await page.goto(`${server.url}/inquiry/alerts`);
    await expect(page.locator('#app-inquiry')).toContainText(product.name);
    await accessibleInBothModes(page, 'the alerts page');
  } finally {
    await setPrice(price);
  }
});

test('two products of one sub-category side by side, on a compare page whose address can be shared', async ({
  page,
  browser,
}) => {
  await page.goto(`${server.url}${LISTING}`);
  const rows = page.locator('[data-listing="table"] tbody tr');
  const names: string[] = [];
  for (const index of [0, 1]) {
    const name = (await rows.nth(index).locator('th a').textContent())!.trim();
    names.push(name);
    await rows
      .nth(index)
      .getByRole('button', { name: `مقایسهٔ «${name}»` })
      .click();
  }
  await page
    .getByRole('link', { name: /مقایسه.*۲ محصول/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/inquiry\/compare\?p=/);
  for (const name of names) await expect(page.locator('#app-inquiry table')).toContainText(name);
  await accessibleInBothModes(page, 'the compare page');
  const shared = await (await browser.newContext()).newPage();
  await shared.goto(page.url());
  for (const name of names) await expect(shared.locator('#app-inquiry table')).toContainText(name);
  await shared.context().close();
});

test.describe('on a 412 px phone, in Persian', () => {
  test.use({ viewport: { width: 412, height: 915 }, locale: 'fa-IR', hasTouch: true });

  /**
   * What makes the page scroll sideways (what a phone's visitor would have to do to see it all):
   * nothing when it fits, else the outermost elements past the screen's edges, to name in a failure,
   * and any absolutely positioned one past them: a scroller clips such a box only when it is its
   * containing block, so one inside a table that scrolls (screen-reader text) can be the cause.
   */
  const sidewaysOverflow = (page: Page) =>
    page.evaluate(() => {
      const root = document.documentElement;
      if (root.scrollWidth <= root.clientWidth) return [];
      const past = [...document.body.querySelectorAll('*')].filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > root.clientWidth + 1);
      });
      const positioned = (element: Element) => ['absolute', 'fixed'].includes(getComputedStyle(element).position);
      return past
        .filter((element) => !past.includes(element.parentElement!) || positioned(element))
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${element.className}${positioned(element) ? ' (positioned)' : ''} ${
              element.getBoundingClientRect().width
            }px`,
        );
    });

  /** At 412 px and at 360 px (the narrowest phone the site serves), the page fits the screen. */
  async function fitsPhones(page: Page, what: string) {
    for (const width of [412, 360]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await sidewaysOverflow(page), `${what} at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 412, height: 915 });
  }

  test('figures typed in any digits reach the basket; a wrong one is refused beside the field; the new pages fit 360 and 412 px', async ({
    page,
  }) => {
    await page.goto(`${server.url}${LISTING}`);
    const slugs = await page
      .locator('[data-listing] a[href^="/rebar/kalaf/"]')
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!.split('/').pop()!))]);
    expect(slugs.length).toBeGreaterThanOrEqual(4);
    const [first, second] = slugs as [string, string];

    // «۱۲» (Persian digits) and «١٫۵» (Arabic-Indic, the Persian decimal mark) into two product pages.
    const addOnProductPage = async (slug: string, typed: string) => {
      await page.goto(`${server.url}${LISTING}/${slug}`);
      await contributionsHydrated(page, 'inquiry');
      const form = page.getByRole('form', { name: 'افزودن به استعلام قیمت' });
      const field = form.getByRole('textbox', { name: /مقدار/ });
      await expect(field).toHaveAttribute('type', 'text');
      await field.fill(typed);
      await expect(field).toHaveAttribute('aria-invalid', 'false');
      await form.getByRole('button', { name: 'افزودن به استعلام' }).click();
      await expect(form).toContainText('در سبد استعلام');
      return form;
    };
    await addOnProductPage(first, '۱۲');
    // The day's change sits beside the price, as on the lists: arrow, colour and words.
    await expect(page.locator('#app-catalogue [data-daily-change]')).toContainText(/[▲▼—]/);
    await expect(page.locator('#app-catalogue [data-daily-change]')).toContainText('نسبت به روز قبل');
    const form = await addOnProductPage(second, '١٫۵');
    const quantities = async () =>
      page.evaluate(() =>
        (JSON.parse(localStorage.getItem('steel-inquiry-basket') ?? '[]') as Array<{ quantity: number }>).map(
          (line) => line.quantity,
        ),
      );
    expect(await quantities()).toEqual([12, 1.5]);

    // A billion, typed as JavaScript would read it or in full: refused in Persian, kept as typed, nothing added.
    const field = form.getByRole('textbox', { name: /مقدار/ });
    for (const [typed, said] of [
      ['1e9', 'نماد علمی (e) پذیرفته نیست'],
      ['1000000000', /حداکثر [۰-۹٬٫]+ .+ \(≈ ۵٬۰۰۰ تن/],
      ['1,5', 'فقط میان هر سه رقم'],
    ] as const) {
      await field.fill(typed);
      await form.getByRole('button', { name: 'افزودن به استعلام' }).click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(form.locator('[data-number-field-error]')).toContainText(said);
      await expect(field).toHaveValue(typed);
    }
    expect(await quantities()).toEqual([12, 1.5]);

    // The basket: each line a card on a phone, its delete button on the screen.
    await page.goto(`${server.url}/inquiry`);
    await expect(page.locator('[data-inquiry-line]')).toHaveCount(2);
    await expect(page.getByRole('textbox', { name: /مقدار/ }).first()).toHaveValue('۱۲');
    await expect(page.getByRole('textbox', { name: /مقدار/ }).nth(1)).toHaveValue('۱٫۵');
    await fitsPhones(page, 'the basket');
    await page.setViewportSize({ width: 360, height: 800 });
    for (const button of await page.getByRole('button', { name: /^حذف «/ }).all()) {
      const box = (await button.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= 360, 'a delete button within 360 px').toBe(true);
    }
    await page.setViewportSize({ width: 412, height: 915 });

    // Compare with four products: the columns scroll inside the table, the page never does.
    await page.goto(`${server.url}/inquiry/compare?p=${slugs.slice(0, 4).join(',')}`);
    await expect(page.locator('[data-compare-table] thead th[scope="col"]')).toHaveCount(4);
    await fitsPhones(page, 'compare with four products');
    await page.setViewportSize({ width: 360, height: 800 });
    expect(
      await page
        .locator('[data-compare-table]')
        .evaluate((table) => table.parentElement!.scrollWidth > table.parentElement!.clientWidth),
      'the table scrolls inside its box',
    ).toBe(true);
    await page.setViewportSize({ width: 412, height: 915 });

    // The journey's buyer: their inquiries, the quoted one, its pro-forma and their alerts.
    expect(journey, 'the journey test ran first').not.toBeNull();
    await page.context().addCookies([{ name: 'user_token', value: journey!.buyer.jwt, url: server.url }]);
    for (const [path, ready] of [
      ['/inquiry/requests', page.locator('#app-inquiry ul[aria-label="فهرست استعلام‌ها"] li').first()],
      [`/inquiry/requests/${journey!.documentId}`, page.locator('[data-quote-total]')],
      [`/inquiry/requests/${journey!.documentId}/proforma`, page.locator('[data-print-ready]')],
      ['/inquiry/alerts', page.locator('#app-inquiry h1')],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await expect(ready).toBeAttached();
      await fitsPhones(page, path);
    }
  });

  test('a branch product bought in tonnes shows the pieces, at 412 and 360 px; the basket keeps the pieces and shows the tonnes', async ({
    page,
  }) => {
    // The seeded first ribbed rebar (data/domain): sold by the branch, its weight stated plainly.
    const catalogue = JSON.parse(fs.readFileSync(path.join(repoRoot, 'data/domain/catalogue.json'), 'utf8')) as {
      categories: Array<{
        slug: string;
        subcategories?: Array<{
          slug: string;
          examples: Array<{ sale_unit?: string; attributes: Record<string, unknown> }>;
        }>;
      }>;
    };
    const example = catalogue.categories
      .find((category) => category.slug === 'rebar')!
      .subcategories!.find((sub) => sub.slug === 'ribbed-rebar')!.examples[0]!;
    expect(example.sale_unit).toBe('branch');
    const kgPerBranch = Number(example.attributes.branch_weight_kg);
    const branches = Math.ceil(2000 / kgPerBranch);
    const fa = (value: number) => new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 3 }).format(value);
    const weighs = `${fa((branches * kgPerBranch) / 1000)} تن`;

    for (const width of [412, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${server.url}/rebar/ribbed-rebar/rebar-ribbed-rebar-1`);
      await page.evaluate(() => localStorage.removeItem('steel-inquiry-basket'));
      await page.reload();
      await contributionsHydrated(page, 'inquiry');
      const form = page.getByRole('form', { name: 'افزودن به استعلام قیمت' });
      const units = form.getByRole('group', { name: /^واحد مقدار/ });
      await units.getByRole('button', { name: 'تن' }).click();
      await expect(units.getByRole('button', { name: 'تن' })).toHaveAttribute('aria-pressed', 'true');
      await expect(units.getByRole('button', { name: 'شاخه' })).toHaveAttribute('aria-pressed', 'false');
      const field = form.getByRole('textbox', { name: 'مقدار (تن)' });
      await field.fill('۲');
      await expect(field).toHaveAttribute('aria-invalid', 'false');
      await expect(form).toContainText(`۲ تن ≈ ${fa(branches)} شاخه (${weighs}؛ تعداد به بالا گرد شد)`);
      if (width === 412) {
        await accessibleInBothModes(page, 'the product page with tonnes chosen', '[data-slot-contribution="inquiry"]');
      }
      expect(await sidewaysOverflow(page), `the product page at ${width} px`).toEqual([]);
      await form.getByRole('button', { name: 'افزودن به استعلام' }).click();
      await expect(form).toContainText(`در سبد استعلام: ${fa(branches)} شاخه ≈ ${weighs}`);
      expect(
        await page.evaluate(
          () =>
            (JSON.parse(localStorage.getItem('steel-inquiry-basket') ?? '[]') as Array<{ quantity: number }>)[0]
              ?.quantity,
        ),
        'the basket keeps branches',
      ).toBe(branches);

      // The basket: the branches in the field, the tonnes beside them.
      await page.goto(`${server.url}/inquiry`);
      const line = page.locator('[data-inquiry-line="rebar-ribbed-rebar-1"]');
      const lineField = line.getByRole('textbox', { name: /مقدار/ });
      await expect(lineField).toHaveValue(fa(branches));
      await expect(line).toContainText(`${fa(branches)} شاخه ≈ ${weighs}`);
      expect(await sidewaysOverflow(page), `the basket at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 412, height: 915 });
  });

  test('the old inquiry addresses go to the inquiry pages while the inquiry app is live', async () => {
    for (const [from, to] of [
      ['/price_inquiry', '/inquiry'],
      ['/price_inquiry_result', '/inquiry/requests'],
      ['/shipping_price', '/inquiry/shipping-price'],
    ]) {
      const response = await fetch(`${server.url}${from}`, { redirect: 'manual' });
      expect(response.status, from).toBe(302);
      expect(response.headers.get('location'), from).toBe(to);
    }
  });
});

test('a contribution that throws is refused by the gate; forced live, the product page renders without it and the beacon names inquiry', async ({
  page,
}) => {
  const dist = await preparedBuild('inquiry-contributions-that-throw');
  const live = await liveVersions();
  const { version } = await deployApi.publish(as(teamKey), NAME, dist);
  const refused = await deployApi.activate(as(teamKey), NAME, version).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(refused).toMatch(
    /smoke render: catalogue \S+: inquiry's contribution to product\.actions was left out: the basket button could not read its product/,
  );
  expect(await liveVersions()).toEqual(live);

  await deployApi.activate(as(teamKey), NAME, version, 'e2e: a contribution that throws, to see it contained');
  const productPath = await firstProductPath(page);
  const response = await fetch(`${server.url}${productPath}`);
  const html = await response.text();
  // The catalogue's page, whole: rendered on the server, its own actions there, the slot's element empty.
  expect(response.status).toBe(200);
  expect(response.headers.get('x-render')).not.toBe('partial');
  expect(html).toContain('<div data-slot-contribution="inquiry" data-app="inquiry"></div>');

  const beacon = page.waitForRequest((request) => request.url().endsWith('/_/remote-failure'));
  await page.goto(`${server.url}${productPath}`);
  await beacon;
  // The report counts against the inquiry version as a slot failure, never the catalogue's (the
  // server writes its counts within a second; sendBeacon bodies are not visible to Playwright).
  const failuresOf = async (app: string) =>
    (await status(folder.buildsDir)).apps.find((entry) => entry.app === app)?.failures;
  await expect.poll(async () => (await failuresOf(NAME))?.slot ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
  expect((await failuresOf('catalogue'))?.total ?? 0).toBe(0);
  await expect(page.locator('#app-catalogue h1')).toBeVisible();
  await expect(page.getByRole('button', { name: /استعلام قیمت/ })).toBeVisible();
  await expect(page.locator('[data-slot-contribution="inquiry"] form')).toHaveCount(0);
  // The other contributions of the same version still work: the listing rows' buttons.
  await page.goto(`${server.url}${LISTING}`);
  await expect(
    page
      .locator('[data-listing="table"] tbody tr')
      .first()
      .getByRole('button', { name: /به استعلام/ }),
  ).toBeVisible();
});

test('a contribution that throws only for a signed-in buyer is refused: the gate opens the pages showing it signed in too', async () => {
  const dist = await preparedBuild('inquiry-contributions-that-throw-signed-in');
  const live = await liveVersions();
  const { version } = await deployApi.publish(as(teamKey), NAME, dist);
  const refused = await deployApi.activate(as(teamKey), NAME, version).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(refused).toMatch(/smoke mount: catalogue \S+ \(signed in\): .*the basket button could not read the buyer/);
  expect(await liveVersions()).toEqual(live);
});
