import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { addKey } from '@steel/server/deploy-keys';
import { remote as deployApi, type RemoteTarget } from '@steel/server/deploy-client';
import { activate } from '@steel/server/live-file-writes';
import { EDITOR_TOKEN, SPEC_PORTS, cmsURL } from './support/environment';
import { preparedBuild } from './support/prepared-builds';
import { axeViolations } from './support/axe';
import { startAppServer } from './support/app-server';
import { craftingFolder, type CraftingFolder } from './support/crafted-versions';
import { stickingOut } from './support/overflow';

/**
 * The public shipping calculator, the inquiry app's page
 * `/inquiry/shipping-price`, on a site the inquiry app joins: at 360 and 412 px, the figure for a
 * seeded route equals the one worked out here from the CMS's rate table (its plain REST API, not the
 * site's rule); the form works by keyboard with Persian digits and says in Persian what is wrong;
 * the page fits the phone and passes axe in light and dark mode; the old `/shipping_price` leads to
 * it; the navigation and the sitemap list it; and a sent inquiry's estimate is the same rate table's.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ actionTimeout: 20_000 });

const NAME = 'inquiry';
const PAGE = '/inquiry/shipping-price';
// A seeded route and a tonnage in its middle tier (data/domain/shipping-routes.json).
const ORIGIN = { slug: 'isfahan', name: 'اصفهان' };
const DESTINATION = { slug: 'shiraz', name: 'شیراز (فارس)' };
const TONNES = 12.5;
const TONNES_TYPED = '۱۲٫۵';

let folder: CraftingFolder;
let server: Awaited<ReturnType<typeof startAppServer>>;

interface Tier {
  min_tonnes: string | number;
  rate_per_tonne: string | number;
}
interface Route {
  distance_km: number;
  tiers: Tier[];
}

async function cmsGet<T>(route: string, token?: string): Promise<T> {
  const response = await fetch(`${cmsURL}/api${route}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  expect(response.status, route).toBe(200);
  return (await response.json()) as T;
}

/** The route's rate per tonne for `tonnes` as the rate table holds it: the tier with the largest start not above it. */
async function rateTable(origin: string, destination: string, tonnes: number) {
  const { data } = await cmsGet<{ data: Route[] }>(
    `/shipping-routes?filters[origin_slug][$eq]=${origin}&filters[destination_slug][$eq]=${destination}&populate=tiers`,
  );
  expect(data).toHaveLength(1);
  const tier = data[0]!.tiers
    .filter((candidate) => Number(candidate.min_tonnes) <= tonnes)
    .sort((a, b) => Number(b.min_tonnes) - Number(a.min_tonnes))[0]!;
  return { ratePerTonne: Number(tier.rate_per_tonne), total: Math.round(tonnes * Number(tier.rate_per_tonne)) };
}

/** Digits only, Persian or Latin, as Latin: «۱۲٬۵۰۰ تومان» → «12500». */
const digitsOf = (text: string) =>
  text.replace(/[۰-۹]/g, (digit) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(digit))).replace(/[^0-9]/g, '');

async function accessibleInBothModes(page: Page, what: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(new RegExp(colorScheme));
    expect(await axeViolations(page, '#app-inquiry'), `${what} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.beforeAll(async () => {
  // It starts an app server of its own and publishes the inquiry app (built once for the run:
  // scripts/e2e.ts) through the deploy API as its team does; it then makes it live as an operator's
  // `activate` does, without the gate. The gate's verdict on this very build is inquiry-slots' first
  // test (and npm start's, in any-ports-npm-start); judged again here it took 3.5 min of two busy cores,
  // and this spec is about the calculator.
  test.setTimeout(300_000);
  folder = craftingFolder('steel-shipping-price-');
  const keysFile = path.join(folder.workDir, 'deploy-keys.json');
  server = await startAppServer({
    port: SPEC_PORTS.shippingPrice,
    buildsDir: folder.buildsDir,
    env: { DEPLOY_KEYS_FILE: keysFile, DEPLOY_GATE_PORT: String(SPEC_PORTS.shippingPriceGate) },
  });
  const as = (key: string): RemoteTarget => ({ server: server.url, key });
  const platformKey = await addKey({ buildsDir: folder.buildsDir, keysFile }, 'platform', 'platform-team');
  await deployApi.apps.add(as(platformKey), { name: NAME, paths: ['/inquiry/**'], owner: 'inquiry-team' });
  const teamKey = await addKey({ buildsDir: folder.buildsDir, keysFile }, NAME, 'inquiry-team');
  const published = await deployApi.publish(as(teamKey), NAME, await preparedBuild('inquiry'));
  await activate(folder.buildsDir, NAME, published.version);
  // Live once the server's registry names it (it follows the live set as every server does).
  await expect
    .poll(async () => JSON.stringify(await (await fetch(`${server.url}/remotes.json`)).json()), { timeout: 30_000 })
    .toContain(published.version);
});

test.afterAll(async () => {
  await server?.stop();
  folder?.remove();
});

for (const width of [360, 412]) {
  test(`at ${width} px the calculator's figure for ${ORIGIN.slug} → ${DESTINATION.slug} is the rate table's, by keyboard`, async ({
    page,
  }) => {
    const expected = await rateTable(ORIGIN.slug, DESTINATION.slug, TONNES);
    await page.setViewportSize({ width, height: 800 });

    // The old address leads to the calculator.
    await page.goto(`${server.url}/shipping_price`);
    await expect(page).toHaveURL(`${server.url}${PAGE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'محاسبهٔ هزینهٔ حمل آهن‌آلات' })).toBeVisible();
    const form = page.getByRole('form', { name: 'محاسبهٔ هزینهٔ حمل آهن‌آلات' });
    await expect(form.getByRole('button', { name: 'محاسبهٔ هزینهٔ حمل' })).toBeEnabled();

    // By keyboard: choose the cities, type the tonnage in Persian digits, Enter.
    const origin = form.getByLabel('شهر مبدأ');
    await origin.focus();
    await origin.selectOption({ label: ORIGIN.name });
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('شهر مقصد')).toBeFocused();
    await form.getByLabel('شهر مقصد').selectOption({ label: DESTINATION.name });
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('وزن بار (تن)')).toBeFocused();
    await page.keyboard.type(TONNES_TYPED);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/inquiry\/shipping-price\?from=isfahan&to=shiraz&tonnes=/);
    const estimate = page.locator('[data-shipping-price]');
    await expect(estimate).toHaveAttribute('data-total', String(expected.total));
    await expect(estimate).toHaveAttribute('data-rate-per-tonne', String(expected.ratePerTonne));
    // What a visitor reads: the total and the rate per tonne in toman, with the route's basis.
    expect(digitsOf(await estimate.locator('[data-shipping-total]').innerText())).toBe(String(expected.total / 10));
    expect(digitsOf(await estimate.locator('[data-shipping-rate]').innerText())).toBe(
      String(expected.ratePerTonne / 10),
    );
    await expect(estimate).toContainText('اصفهان به شیراز');
    await expect(estimate).toContainText('کیلومتر');
    await expect(estimate).toContainText('پلهٔ وزنی');

    expect(await stickingOut(page, width), `the calculator at ${width} px`).toEqual([]);
    await accessibleInBothModes(page, `the calculator at ${width} px`);

    // A tonnage that is no number is refused in Persian beside the field, without an estimate.
    const tonnes = page.getByLabel('وزن بار (تن)');
    await tonnes.fill('۱۲ تن');
    await tonnes.press('Enter');
    await expect(page.getByText('وزن بار را بدون فاصله بنویسید.')).toBeVisible();
    await expect(tonnes).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[data-shipping-price]')).toHaveCount(0);
    expect(await stickingOut(page, width), `the refused form at ${width} px`).toEqual([]);
  });
}

test('the server renders the estimate in the page’s HTML, the same figure', async () => {
  const expected = await rateTable(ORIGIN.slug, DESTINATION.slug, TONNES);
  const html = await (
    await fetch(`${server.url}${PAGE}?from=${ORIGIN.slug}&to=${DESTINATION.slug}&tonnes=${TONNES}`)
  ).text();
  expect(html).toContain(`data-total="${expected.total}"`);
});

test('the navigation and the sitemap list the calculator', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}/`);
  await expect(page.locator(`footer a[href="${PAGE}"]`)).toHaveText('محاسبهٔ هزینهٔ حمل');
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  expect(sitemap).toContain(`<loc>${server.url}${PAGE}</loc>`);
});

test('a sent inquiry’s shipping estimate is the same rate table’s, from the inquiry’s origin city', async () => {
  const { data: origins } = await cmsGet<{ data: Array<{ slug: string }> }>(
    '/shipping-cities?filters[inquiry_origin][$eq]=true',
  );
  const expected = await rateTable(origins[0]!.slug, DESTINATION.slug, TONNES);
  const { data: products } = await cmsGet<{ data: Array<{ slug: string }> }>(
    '/products?filters[sale_unit][$eq]=tonne&fields[0]=slug&pagination[pageSize]=1',
    EDITOR_TOKEN,
  );
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = { username: `ship${stamp}`, email: `ship${stamp}@example.com`, password: 'Steel2024x' };
  const registered = await fetch(`${cmsURL}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(registered.status).toBe(200);
  const { jwt } = (await registered.json()) as { jwt: string };
  const sent = await fetch(`${cmsURL}/api/inquiries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      data: { lines: [{ product_slug: products[0]!.slug, quantity: TONNES }], city_slug: DESTINATION.slug },
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const { data: inquiry } = (await sent.json()) as { data: { shipping_estimate: string } };
  expect(Number(inquiry.shipping_estimate)).toBe(expected.total);
});
