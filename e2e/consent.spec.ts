import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from './support/test';
import { SPEC_PORTS, e2eBuildsDir } from './support/environment';
import { startAppServer } from './support/app-server';

// The start-up is not awaited after goto: the chat's timing test freezes the page's clock; it waits for the header itself.
test.use({ waitForAdoption: false });

/**
 * Consent and third parties (docs/behaviour.md, "Consent") against an app server whose runtime config turns on
 * analytics (posthog-js pointed at a local capture server) and a chat widget served by it too.
 * Its own ports: SPEC_PORTS.consent (the CMS allows it) and SPEC_PORTS.consentCapture.
 */
const APP_PORT = SPEC_PORTS.consent;
const CAPTURE_PORT = SPEC_PORTS.consentCapture;
const CHAT_PATH = '/chat-widget.js';

test.describe.configure({ mode: 'serial' });

interface Captured {
  method: string;
  path: string;
}
let captured: Captured[] = [];
let capture: http.Server;
let server: Awaited<ReturnType<typeof startAppServer>>;

test.beforeAll(async () => {
  // Records every request and answers like a permissive analytics host: CORS and 200 `{}`.
  capture = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://capture').pathname;
    if (request.method !== 'OPTIONS') captured.push({ method: request.method ?? 'GET', path });
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*');
    request.resume();
    request.on('end', () => {
      if (path === CHAT_PATH) {
        response.setHeader('Content-Type', 'text/javascript');
        response.end('window.__chatWidgetLoaded = true;');
      } else if (path.endsWith('.js')) {
        // posthog's optional extensions (/static/*.js, remote config): an empty script.
        response.setHeader('Content-Type', 'text/javascript');
        response.end('');
      } else {
        response.setHeader('Content-Type', 'application/json');
        response.end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => capture.listen(CAPTURE_PORT, '127.0.0.1', resolve));
  const host = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
  server = await startAppServer({
    port: APP_PORT,
    buildsDir: e2eBuildsDir,
    env: {
      ANALYTICS_KEY: 'phc_test',
      ANALYTICS_HOST: host,
      CHAT_SRC: `${host}${CHAT_PATH}`,
      CHAT_DELAY_MS: '5000',
      // Headless Chromium looks like a bot to posthog, which then drops every event; the client
      // config (passed through to posthog.init) lets this test's events through.
      ANALYTICS_CLIENT_CONFIG: JSON.stringify({ opt_out_useragent_filter: true }),
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (capture ? capture.close(() => resolve()) : resolve()));
});

test.beforeEach(() => {
  captured = [];
});

const analyticsRequests = () => captured.filter((request) => request.path !== CHAT_PATH);
const banner = (page: Page) => page.getByRole('region', { name: 'رضایت برای ابزارهای تحلیل' });

/** Some real page activity: browse two pages, then let posthog's batching interval pass. */
async function browseAWhile(page: Page) {
  await page
    .getByRole('navigation', { name: 'دسته‌بندی محصولات' })
    .getByRole('link', { name: 'میلگرد', exact: true })
    .click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
  await page.goBack();
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await page.waitForTimeout(4000);
}

test('with consent pending no analytics request leaves the page, and posthog-js is not loaded', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`${server.url}/`);
  await expect(banner(page)).toContainText('این سایت برای بهبود تجربه شما از ابزارهای تحلیل استفاده می‌کند.');
  await browseAWhile(page);
  expect(analyticsRequests()).toEqual([]);
  expect(scripts.filter((url) => /posthog/.test(url))).toEqual([]);
});

test('after denying, none either — also after a reload, and the banner stays away', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await banner(page).getByRole('button', { name: 'نمی‌پذیرم' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('analytics-consent'))).toBe('denied');
  await browseAWhile(page);
  await page.reload();
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await expect(banner(page)).toHaveCount(0);
  await browseAWhile(page);
  expect(analyticsRequests()).toEqual([]);
});

test('once granted, posthog-js sends to the capture server given as its host', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await expect(banner(page)).toBeVisible();
  expect(analyticsRequests()).toEqual([]);
  await banner(page).getByRole('button', { name: 'می‌پذیرم', exact: true }).click();
  await expect(banner(page)).toHaveCount(0);
  // posthog asks its host for its remote config and flags, then sends the captured events
  // ($pageview…) in a batch: the event endpoint is the proof that capture runs.
  await expect
    .poll(
      () =>
        analyticsRequests().filter(
          (request) => request.method === 'POST' && /^\/(e|i\/v0\/e|batch|capture)\/?$/.test(request.path),
        ).length,
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  // The flags request may follow the first batch: waited for, not assumed already sent.
  await expect.poll(() => analyticsRequests().map((request) => request.path), { timeout: 20_000 }).toContain('/flags/');

  // Remembered: the next visit starts analytics without asking.
  captured = [];
  await page.reload();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => analyticsRequests().length, { timeout: 20_000 }).toBeGreaterThan(0);
});

test('the chat script is injected 5 s after the load event, not before', async ({ page }) => {
  await page.addInitScript(() => {
    window.addEventListener('load', () => ((window as Window & { __loadAt?: number }).__loadAt = performance.now()));
  });
  await page.clock.install();
  await page.goto(`${server.url}/`);
  // The shell starts its code after the first frame, and schedules the chat as it mounts its layout:
  // wait until React has adopted the header, so the chat's timer exists before the clock stops.
  await expect
    .poll(() =>
      page
        .locator('header')
        .first()
        .evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))),
    )
    .toBe(true);
  // Freeze the page's clock, then step it from the load event. The pause lies 1 s ahead: on a
  // loaded machine more than 200 ms could pass before the call, and the clock cannot go back.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  const sinceLoad = await page.evaluate(
    () => performance.now() - ((window as Window & { __loadAt?: number }).__loadAt ?? 0),
  );
  expect(sinceLoad).toBeLessThan(4900);
  const chat = page.locator(`script[src$="${CHAT_PATH}"]`);

  await page.clock.runFor(Math.floor(4900 - sinceLoad));
  await expect(chat).toHaveCount(0);
  await page.clock.runFor(150);
  await expect(chat).toHaveCount(1);
  await expect
    .poll(() => page.evaluate(() => (window as Window & { __chatWidgetLoaded?: boolean }).__chatWidgetLoaded))
    .toBe(true);
  // The chat needs no analytics consent; posthog still has not been asked for anything.
  expect(analyticsRequests()).toEqual([]);
});
