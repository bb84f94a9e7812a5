import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addKey } from '@steel/server/deploy-keys';
import { readLive } from '@steel/server/builds-folder';
import { status } from '@steel/server/status';
import { remote as deployApi, type RemoteTarget } from '@steel/server/deploy-client';
import { SPEC_PORTS, repoRoot } from './support/environment';
import { startAppServer } from './support/app-server';
import { craftingFolder, type CraftingFolder } from './support/crafted-versions';
import { buildAppReplacing } from './support/crafted-builds';
import { buildApp } from '../scripts/lib/webpack-build';

/**
 * The inquiry team's remote (mf-inquiry) joins a running site through other apps' extension slots
 * (docs/architecture.md, "Extension slots"), and nobody else deploys:
 *
 * - the platform registers the app, the team deploys it with its own key; the gate tries the
 *   catalogue's pages with its contributions in them; live.json changes in the inquiry app only;
 * - its «افزودن به استعلام» is in the product page's HTML and in every listing row, its counter in
 *   the header; a signed-out visitor fills a basket of three products from a listing and a product
 *   page, and finds it intact after a reload and on /inquiry;
 * - a version whose product-page contribution throws is refused by the gate with its line; forced
 *   live, the product page renders whole without it, and the beacon names the inquiry app.
 */
test.describe.configure({ mode: 'serial', timeout: 600_000 });

const NAME = 'inquiry';
const LISTING = '/rebar/kalaf';

let folder: CraftingFolder;
let keysFile: string;
let server: Awaited<ReturnType<typeof startAppServer>>;
let teamKey: string;

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
  folder = craftingFolder('steel-inquiry-slots-');
  keysFile = path.join(folder.workDir, 'deploy-keys.json');
  server = await startAppServer({
    port: SPEC_PORTS.inquirySlots,
    buildsDir: folder.buildsDir,
    env: { DEPLOY_KEYS_FILE: keysFile, DEPLOY_GATE_PORT: String(SPEC_PORTS.inquirySlotsGate) },
  });
  await buildApp(NAME);
});

test.afterAll(async () => {
  await server?.stop();
  folder?.remove();
});

test('the inquiry team deploys its remote alone: only the inquiry app changes in live.json', async () => {
  const before = await liveVersions();
  expect(before[NAME]).toBeUndefined();
  const platformKey = await addKey(keysFile, 'platform', 'platform-team');
  await deployApi.apps.add(as(platformKey), { name: NAME, paths: ['/inquiry/**'], owner: 'inquiry-team' });
  teamKey = await addKey(keysFile, NAME, 'inquiry-team');
  const published = await deployApi.publish(as(teamKey), NAME, path.join(repoRoot, 'mf-inquiry/dist'));
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

test("its button is in the product page's HTML; a signed-out visitor fills a basket of three that survives a reload", async ({
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
  const rows = page.locator('[data-listing="table"] tbody tr');
  await rows
    .nth(1)
    .getByRole('button', { name: /افزودن «.+» به استعلام/ })
    .click();
  await rows
    .nth(2)
    .getByRole('button', { name: /افزودن «.+» به استعلام/ })
    .click();
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
});

test('a contribution that throws is refused by the gate; forced live, the product page renders without it and the beacon names inquiry', async ({
  page,
}) => {
  const dist = fs.mkdtempSync(path.join(folder.workDir, 'inquiry-broken-'));
  await buildAppReplacing(
    NAME,
    dist,
    /features\/basket\/contributions$/,
    () => path.join(repoRoot, 'e2e/fixtures/inquiry-contributions-that-throw.tsx'),
    'inquiry (product.actions throws)',
  );
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
