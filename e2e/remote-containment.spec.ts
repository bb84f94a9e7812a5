import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { SPEC_PORTS } from './support/environment';
import { copyRunBuilds } from './support/crafted-versions';
import { startAppServer } from './support/app-server';
import { publish } from '@steel/server/publish';
import { activate } from '@steel/server/live-file-writes';
import { status } from '@steel/server/status';

// The start-up is not awaited after goto: its remote throws or is refused.
test.use({ waitForAdoption: false });

/**
 * A remote's failure stays in its place and recovers
 * (docs/architecture.md, "Failure stays contained"), on bad catalogue versions crafted from the real build and made live in a copy of
 * the e2e builds: one whose product view throws when it renders, and one whose listing chunk was
 * changed after publishing (refused by its digest), then put right.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PRODUCT = { path: '/rebar/ribbed-rebar/rebar-ribbed-rebar-1', name: 'میلگرد آجدار ۱۲ ذوب آهن A3' };
const LISTING = '/rebar/ribbed-rebar';

let workDir: string;
let buildsDir: string;
let liveCatalogue: string;

const liveVersion = (app: string) =>
  (JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as Record<string, string>)[app]!;
const versionDir = (version: string) => path.join(buildsDir, 'catalogue', version);
/** The chunk of the live catalogue whose name starts with `name` (`product.ab12cd34.js`). */
const chunkOf = (version: string, name: string) =>
  fs.readdirSync(versionDir(version)).find((file) => new RegExp(`^${name}\\.[0-9a-f]+\\.js$`).test(file)) as string;

/** A copy of the live catalogue, changed by `alter` before it is published (a build like any other). */
async function publishCatalogue(alter: (dist: string) => void): Promise<string> {
  const dist = fs.mkdtempSync(path.join(workDir, 'catalogue-'));
  fs.cpSync(versionDir(liveCatalogue), dist, { recursive: true });
  for (const file of fs.readdirSync(dist, { recursive: true }) as string[])
    if (/\.(br|gz)$/.test(file)) fs.rmSync(path.join(dist, file));
  alter(dist);
  // A space in its app manifest makes it a version of its own even when `alter` changed nothing.
  fs.appendFileSync(path.join(dist, 'app-manifest.json'), ' ');
  return (await publish(buildsDir, 'catalogue', dist, { compress: false })).version;
}

/** Failures browsers reported for the live catalogue, by kind. */
const catalogueFailures = async () =>
  (await status(buildsDir)).apps.find((app) => app.app === 'catalogue')!.failures as unknown as Record<
    string,
    number | undefined
  >;

/** A link of the site's product menu, in the shell's header. */
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'دسته‌بندی محصولات' }).getByRole('link', { name, exact: true });

/** The layout around the remote works: header menu and footer are there (no fatal error page). */
async function expectLayout(page: Page) {
  await expect(menuLink(page, 'میلگرد')).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
}

test.beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-containment-'));
  buildsDir = path.join(workDir, 'builds');
  copyRunBuilds(buildsDir);
  liveCatalogue = liveVersion('catalogue');
});

test.afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

test.describe('a catalogue whose product view throws when it renders', () => {
  let server: Awaited<ReturnType<typeof startAppServer>>;

  test.beforeAll(async () => {
    // The browser's chunk only: the server entry renders the page, the hydration then throws.
    const broken = await publishCatalogue((dist) => {
      const file = path.join(dist, chunkOf(liveCatalogue, 'product'));
      const source = fs.readFileSync(file, 'utf8');
      const views = /\{ProductBySlugView:\(\)=>\w+(?:,\w+:\(\)=>\w+)*\}/;
      expect(source).toMatch(views);
      fs.writeFileSync(
        file,
        source.replace(views, (exports) =>
          exports.replace(
            /\(\)=>\w+/g,
            '()=>function BrokenProductView(){throw Error("e2e: the product view throws")}',
          ),
        ),
      );
    });
    await activate(buildsDir, 'catalogue', broken);
    server = await startAppServer({ port: SPEC_PORTS.brokenRender, buildsDir });
  });

  test.afterAll(async () => {
    await server?.stop();
    await activate(buildsDir, 'catalogue', liveCatalogue);
  });

  test('a server-rendered product page shows the in-layout error with a retry, never the fatal 500 page', async ({
    page,
  }) => {
    await page.goto(`${server.url}${PRODUCT.path}`);
    const error = page.getByTestId('remote-error');
    await expect(error).toContainText('این بخش از سایت در حال حاضر بارگیری نشد');
    await expect(error.getByRole('button', { name: 'تلاش مجدد' })).toBeVisible();
    await expectLayout(page);
    // The server's markup of the page that failed to hydrate is not left under the error.
    await expect(page.locator('#app-catalogue')).not.toContainText(PRODUCT.name);

    // A retry renders the page afresh: it throws again, and is contained again.
    await error.getByRole('button', { name: 'تلاش مجدد' }).click();
    await expect(page.getByTestId('remote-error')).toBeVisible();
    await expectLayout(page);

    // The rest of the catalogue still works, without a reload.
    await menuLink(page, 'میلگرد').click();
    await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
    await expect(page.getByTestId('remote-error')).toHaveCount(0);
    await expect.poll(async () => (await catalogueFailures()).render ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
  });

  test('a client navigation to a product page shows the in-layout error with a retry; lists and home still work', async ({
    page,
  }) => {
    await page.goto(`${server.url}${LISTING}`);
    await expect(page.locator('#app-catalogue [data-listing="table"]')).toBeVisible();
    await page.locator(`#app-catalogue a[href="${PRODUCT.path}"]`).first().click();
    await expect(page).toHaveURL(`${server.url}${PRODUCT.path}`);
    const error = page.getByTestId('remote-error');
    await expect(error.getByRole('button', { name: 'تلاش مجدد' })).toBeVisible();
    await expectLayout(page);

    await error.getByRole('button', { name: 'تلاش مجدد' }).click();
    await expect(page.getByTestId('remote-error')).toBeVisible();
    await expectLayout(page);

    await page.goBack();
    await expect(page.locator('#app-catalogue [data-listing="table"]')).toBeVisible();
    await expect(page.getByTestId('remote-error')).toHaveCount(0);
    await page.locator('header a[href="/"]').first().click();
    await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  });
});

test.describe('a catalogue chunk changed after publishing, refused by the browser', () => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let tampered: string;
  let version: string;
  let original: Buffer;

  test.beforeAll(async () => {
    version = await publishCatalogue(() => undefined);
    await activate(buildsDir, 'catalogue', version);
    // The chunk of the catalogue's tree pages (listings, products), changed after publishing.
    tampered = path.join(versionDir(version), chunkOf(version, 'catalogue-tree'));
    original = fs.readFileSync(tampered);
    fs.appendFileSync(tampered, ';window.__tampered=1');
    server = await startAppServer({ port: SPEC_PORTS.refusedChunk, buildsDir });
  });

  test.afterAll(async () => {
    await server?.stop();
    await activate(buildsDir, 'catalogue', liveCatalogue);
  });

  test('the refusal is reported as a failed load, not a failed mount', async ({ page }) => {
    await page.goto(`${server.url}${LISTING}`);
    await expect(page.getByTestId('remote-error')).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { __tampered?: number }).__tampered)).toBeUndefined();
    await expect.poll(async () => (await catalogueFailures()).load ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await catalogueFailures()).mount ?? 0).toBe(0);
  });

  test('the listing that never hydrated is not left under the error, nor above the blog after a move there', async ({
    page,
  }) => {
    await page.goto(`${server.url}${LISTING}`);
    await expect(page.getByTestId('remote-error')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-listing]')).toHaveCount(0);
    await expect(page.locator('#app-catalogue')).toBeEmpty();

    await page.locator('footer a', { hasText: 'اخبار و مقالات' }).click();
    await expect(page).toHaveURL(`${server.url}/blog`);
    await expect(page.locator('#app-blog h1')).toBeVisible();
    await expect(page.getByTestId('remote-error')).toHaveCount(0);
    await expect(page.locator('[data-listing]')).toHaveCount(0);
    await expect(page.locator('#app-catalogue')).toBeEmpty();
  });

  test('put right, the retry in the same tab loads the chunk afresh past the browser cache, still checked by its digest', async ({
    page,
  }) => {
    const chunkScripts: Array<{ src: string; integrity: string }> = [];
    await page.exposeFunction(
      '__recordScript',
      (src: string, integrity: string) => void chunkScripts.push({ src, integrity }),
    );
    await page.addInitScript(() => {
      new MutationObserver((mutations) => {
        for (const mutation of mutations)
          for (const node of mutation.addedNodes)
            if (node instanceof HTMLScriptElement && /\/catalogue-tree\.[0-9a-f]+\.js/.test(node.src))
              void (window as unknown as { __recordScript: (src: string, integrity: string) => void }).__recordScript(
                node.src,
                node.integrity,
              );
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${server.url}${LISTING}`);
    const error = page.getByTestId('remote-error');
    await expect(error).toBeVisible({ timeout: 20_000 });
    // The refused copy is in the browser's cache now (build files are cached for a year).
    expect(chunkScripts.length).toBeGreaterThan(0);

    fs.writeFileSync(tampered, original);
    const before = chunkScripts.length;
    await error.getByRole('button', { name: 'تلاش مجدد' }).click();
    await expect(page.locator('#app-catalogue [data-listing="table"]')).toBeVisible();
    await expect(page.getByTestId('remote-error')).toHaveCount(0);
    await expectLayout(page);
    expect(await page.evaluate(() => (window as unknown as { __tampered?: number }).__tampered)).toBeUndefined();
    // Asked for past the cache, and held to the published digest all the same.
    const retried = chunkScripts.slice(before);
    expect(retried.length).toBeGreaterThan(0);
    for (const script of retried) {
      expect(new URL(script.src).searchParams.get('steel-retry')).toBeTruthy();
      expect(script.integrity).toMatch(/^sha384-/);
    }
  });
});
