import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { SPEC_PORTS, e2eBuildsDir } from './support/environment';
import { startAppServer } from './support/app-server';

/**
 * How an open tab learns of a deploy (docs/behaviour.md, "Version polling" and "Live-set push"),
 * against an app server of its own, polling every second, on a builds folder whose live set the
 * tests change: an app gets "redeployed" under a new version name (a link to the same build),
 * which changes /builds/latest.json's id. The first test cuts the push stream to prove the poll
 * alone is enough; the others cut the poll to prove the push alone is.
 */
// The tests change one live set in turn.
test.describe.configure({ mode: 'serial' });

let server: Awaited<ReturnType<typeof startAppServer>>;
let buildsDir: string;
let live: Record<string, unknown>;

test.beforeAll(async () => {
  buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-version-check-'));
  live = JSON.parse(fs.readFileSync(path.join(e2eBuildsDir, 'live.json'), 'utf8')) as Record<string, unknown>;
  for (const app of ['shell', 'catalogue', 'blog', 'panel']) {
    fs.mkdirSync(path.join(buildsDir, app));
    for (const version of fs.readdirSync(path.join(e2eBuildsDir, app))) {
      fs.symlinkSync(path.join(e2eBuildsDir, app, version), path.join(buildsDir, app, version));
    }
  }
  fs.symlinkSync(
    path.join(e2eBuildsDir, 'catalogue', String(live.catalogue)),
    path.join(buildsDir, 'catalogue', 'redeployed-1'),
  );
  fs.symlinkSync(path.join(e2eBuildsDir, 'blog', String(live.blog)), path.join(buildsDir, 'blog', 'redeployed-2'));
  setLive({});
  server = await startAppServer({
    port: SPEC_PORTS.versionCheck,
    buildsDir,
    env: { VERSION_CHECK_INTERVAL_MS: '1000' },
  });
});

/** Replaces live.json by rename, as the deploy tool does. */
function setLive(changes: Record<string, unknown>) {
  const next = path.join(buildsDir, 'live.json.next');
  fs.writeFileSync(next, JSON.stringify({ ...live, ...changes, updatedAt: Date.now(), rollbackStack: {} }));
  fs.renameSync(next, path.join(buildsDir, 'live.json'));
}

/** Cuts one way of learning about deploys, so the other is shown to work alone. */
const cutPushStream = (page: Page) => page.route('**/builds/events', (route) => route.abort());
const cutPolling = (page: Page) => page.route('**/builds/latest.json?*', (route) => route.abort());

/** Records the live-set events the page's own EventSource receives (the stream itself is real). */
const recordPushedEvents = (page: Page) =>
  page.addInitScript(() => {
    const notices: unknown[] = [];
    Object.assign(window, { __liveNotices: notices });
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('live', (event) => notices.push(JSON.parse((event as MessageEvent<string>).data)));
      }
    };
  });
const pushedEvents = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __liveNotices: Array<{ id: string; versions: Record<string, string> }> }).__liveNotices,
  );

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(buildsDir, { recursive: true, force: true });
});

test('a new live set makes the next link click a full page load, and only that one', async ({ page }) => {
  await cutPushStream(page);
  let documentLoads = 0;
  page.on('domcontentloaded', () => documentLoads++);
  await page.goto(`${server.url}/`);
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await expect(page.locator('[data-ssr-url]')).toHaveCount(0);
  const startId = (await (await page.request.get(`${server.url}/builds/latest.json`)).json()) as { id: string };

  // Polling with the same id changes nothing.
  await page.waitForResponse((response) => response.url().includes('/builds/latest.json?'));
  await page.locator('header nav a', { hasText: 'میلگرد' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
  await page.goBack();
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  expect(documentLoads).toBe(1);

  setLive({ catalogue: 'redeployed-1' });
  const changed = await page.waitForResponse(async (response) => {
    if (!response.url().includes('/builds/latest.json?')) return false;
    return ((await response.json()) as { id: string }).id !== startId.id;
  });
  expect(changed.ok()).toBe(true);
  // Polling stops once the new id is seen: no request for two more intervals.
  let pollsAfter = 0;
  page.on('request', (request) => {
    if (request.url().includes('/builds/latest.json?')) pollsAfter++;
  });
  await page.waitForTimeout(2000);
  expect(pollsAfter).toBe(0);

  // The next navigation is a full page load of its target…
  await page.locator('header nav a', { hasText: 'میلگرد' }).click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
  await expect.poll(() => documentLoads).toBe(2);
  // Hydrated: the shell has the page, so the next click is the app's (a click on the server's HTML
  // before the shell has started is a full page load, as it is without JavaScript).
  await expect(page.locator('[data-ssr-url]')).toHaveCount(0);
  const served = await page.evaluate(
    () => JSON.parse(document.getElementById('runtime-config')?.textContent ?? '{}') as { buildId: string },
  );
  expect(served.buildId).not.toBe(startId.id);

  // …and only that one: later clicks (another app too) stay in the page.
  await page.locator('footer a', { hasText: 'اخبار و مقالات' }).click();
  await expect(page.locator('#app-blog h1')).toBeVisible();
  await page.goBack();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
  expect(documentLoads).toBe(2);
});

test('pushed: an open tab learns of a new blog within 5 s and its next navigation loads it', async ({ page }) => {
  setLive({});
  await cutPolling(page);
  await recordPushedEvents(page);
  let documentLoads = 0;
  page.on('domcontentloaded', () => documentLoads++);
  await page.goto(`${server.url}/`);
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  // On connecting, the stream tells the tab the set it already runs.
  await expect.poll(() => pushedEvents(page).then((events) => events.length)).toBe(1);

  setLive({ blog: 'redeployed-2' });
  await expect
    .poll(() => pushedEvents(page).then((events) => events.at(-1)?.versions.blog), { timeout: 5_000 })
    .toBe('redeployed-2');

  // The new blog's files are what the loaded page fetches (the embedded registry is gone by the
  // time the shell has booted, so the network says it).
  const newBlogLoaded = page.waitForRequest((request) => request.url().includes('/builds/blog/redeployed-2/'));
  await page.locator('footer a', { hasText: 'اخبار و مقالات' }).click();
  await expect(page.locator('#app-blog h1')).toBeVisible();
  await expect.poll(() => documentLoads).toBe(2);
  // Hydrated: the shell has the page, so the next click is the app's (a click on the server's HTML
  // before the shell has started is a full page load, as it is without JavaScript).
  await expect(page.locator('[data-ssr-url]')).toHaveCount(0);
  await newBlogLoaded;
});

test('pushed: a blog that failed in place is retried once when a new version of it goes live', async ({ page }) => {
  setLive({ blog: 'deleted00000' });
  await cutPolling(page);
  await recordPushedEvents(page);
  let documentLoads = 0;
  page.on('domcontentloaded', () => documentLoads++);
  await page.goto(`${server.url}/blog`);
  // (The shell first reloads once, in case the missing file was a stale deploy: the guarded reload.)
  await expect(page.getByTestId('remote-error')).toBeVisible();
  await expect.poll(() => pushedEvents(page).then((events) => events.length)).toBe(1);
  const loadsBeforeFix = documentLoads;

  // The blog team deploys a fix: the open tab shows the blog without a reload or a click.
  setLive({ blog: 'redeployed-2' });
  await expect(page.locator('#app-blog h1')).toBeVisible();
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
  expect(documentLoads).toBe(loadsBeforeFix);
});
