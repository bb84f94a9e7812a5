/** @jest-environment node */
/**
 * Load shedding: a page that waited too long behind nginx, or that comes while the event loop is
 * far behind, is answered at once with the Persian busy page (503, Retry-After); everything that is
 * not a page is answered as usual, and the gate's smoke server never sheds.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig, REPO_ROOT } from '../config';
import { buildSiteServer } from '../site/site-server';
import { blockFor } from '../testing/busy-cpu';
import { logLines } from '../testing/log-lines';
import { liveFixture, type Fixture } from '../testing/fixtures';
import { parseExposition } from '../testing/prometheus-text';
import { BUSY_PAGE, proxyReadTimeoutOf, requestStartOf, RETRY_AFTER_SECONDS } from './load-shedding';

/** nginx's `$msec` for a moment `agoMs` back: seconds with milliseconds. */
const stampedAgo = (agoMs: number) => `t=${((Date.now() - agoMs) / 1000).toFixed(3)}`;

const shedCount = async (app: FastifyInstance, reason: string) =>
  parseExposition((await app.inject({ url: '/metrics' })).body).sum('steel_requests_shed_total', { reason });

function expectBusy(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.body).toContain('لطفاً چند ثانیه دیگر دوباره تلاش کنید');
}

describe('requestStartOf', () => {
  it("reads nginx's seconds with milliseconds and a proxy's milliseconds; anything else is no stamp", () => {
    expect(requestStartOf('t=1764400000.123')).toBe(1_764_400_000_123);
    expect(requestStartOf('t=1764400000123')).toBe(1_764_400_000_123);
    for (const header of [undefined, '', '1764400000.123', 't=', 't=soon', 't=1.2.3'])
      expect(requestStartOf(header)).toBeNull();
  });
});

describe('proxyReadTimeoutOf', () => {
  it("reads nginx's whole seconds as ms; anything else is no time-out", () => {
    expect(proxyReadTimeoutOf('8')).toBe(8_000);
    for (const header of [undefined, '', '8s', '-1', '1.5', 'soon']) expect(proxyReadTimeoutOf(header)).toBeNull();
  });
});

describe('behind a proxy: a page that waited too long', () => {
  let fx: Fixture;
  let app: FastifyInstance;
  beforeAll(async () => {
    fx = await liveFixture({ SSR: 'off', TRUSTED_PROXIES: '127.0.0.1', SHED_QUEUE_MS: '3000' });
    app = buildServer(fx.config);
  });
  afterAll(async () => {
    await app.close();
    await fx.cleanup();
  });

  it('is answered at once with the Persian busy page; one that waited less is served', async () => {
    const before = await shedCount(app, 'queue');
    expectBusy(await app.inject({ url: '/blog', headers: { 'x-request-start': stampedAgo(4_000) } }));
    expect(await shedCount(app, 'queue')).toBe(before + 1);
    const prompt = await app.inject({ url: '/blog', headers: { 'x-request-start': stampedAgo(50) } });
    expect(prompt.statusCode).toBe(200);
    expect(prompt.body).not.toBe(BUSY_PAGE);
  });

  it('is served when the proxy handed it over from a server that did not answer (older than its read time-out)', async () => {
    const before = await shedCount(app, 'queue');
    // nginx waits 8 s for a page, then tries another server with the first try's headers.
    const handedOver = await app.inject({
      url: '/blog',
      headers: { 'x-request-start': stampedAgo(8_050), 'x-proxy-read-timeout': '8' },
    });
    expect(handedOver.statusCode).toBe(200);
    expect(handedOver.body).not.toBe(BUSY_PAGE);
    // Late, but younger than the proxy's time-out: it waited here, and is shed.
    expectBusy(
      await app.inject({
        url: '/blog',
        headers: { 'x-request-start': stampedAgo(4_000), 'x-proxy-read-timeout': '8' },
      }),
    );
    expect(await shedCount(app, 'queue')).toBe(before + 1);
  });

  it('is never anything but a page: the health check, a manifest, a build file and the deploy API are answered', async () => {
    const late = { 'x-request-start': stampedAgo(60_000) };
    expect((await app.inject({ url: '/api/health', headers: late })).statusCode).toBe(200);
    expect((await app.inject({ url: '/remotes.json', headers: late })).statusCode).toBe(200);
    const script = `/builds/shell/${fx.versions.shell}/main.js`;
    expect((await app.inject({ url: script, headers: late })).statusCode).not.toBe(503);
    // The deploy API answers as it would (404: no key is configured here), not busy.
    expect((await app.inject({ url: '/_/deploy/blog/status', headers: late })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/blog', headers: late })).statusCode).not.toBe(503);
  });
});

it('without a trusted proxy the stamp is not believed: a client cannot have its pages shed', async () => {
  const fx = await liveFixture({ SSR: 'off' });
  const app = buildServer(fx.config);
  try {
    const response = await app.inject({ url: '/blog', headers: { 'x-request-start': stampedAgo(60_000) } });
    expect(response.statusCode).toBe(200);
  } finally {
    await app.close();
    await fx.cleanup();
  }
});

it("sheds pages while the event loop is far behind, serves them again once it caught up; the gate's smoke server never sheds", async () => {
  const fx = await liveFixture({ SSR: 'off', SHED_EVENT_LOOP_DELAY_MS: '50' });
  const log = logLines();
  const app = buildServer(fx.config, { logger: log.logger });
  const gate = buildSiteServer(loadConfig({ BUILDS_DIR: fx.buildsDir, SHED_EVENT_LOOP_DELAY_MS: '50' }), {
    liveOverlay: fx.versions,
  }).app;
  try {
    await app.ready();
    await gate.ready();
    expect((await app.inject({ url: '/blog' })).statusCode).toBe(200);
    // Long tasks back to back for 2.5 s: every timer of the process is ~150 ms late meanwhile.
    const until = Date.now() + 2_500;
    while (Date.now() < until) {
      blockFor(150);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expectBusy(await app.inject({ url: '/blog' }));
    expect(await shedCount(app, 'event-loop')).toBeGreaterThanOrEqual(1);
    // The shed page went no further: not also handled by the page route, whose second answer
    // would be refused in the log (it would come once the busy page is sent: given time to).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(log.lines.filter((line) => Number(line.level) >= 50).map((line) => line.msg)).toEqual([]);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await gate.inject({ url: '/blog' })).statusCode).toBe(200);
    // Caught up: the next second's delay is small again.
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect((await app.inject({ url: '/blog' })).statusCode).toBe(200);
  } finally {
    await app.close();
    await gate.close();
    await fx.cleanup();
  }
}, 20_000);

it("is nginx's busy page byte for byte (deploy/nginx/busy.html), with the same Retry-After", () => {
  expect(fs.readFileSync(path.join(REPO_ROOT, 'deploy/nginx/busy.html'), 'utf8')).toBe(BUSY_PAGE);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nginx = require(path.join(REPO_ROOT, 'deploy/nginx/nginx-config.cjs')) as { RETRY_AFTER_SECONDS: number };
  expect(nginx.RETRY_AFTER_SECONDS).toBe(RETRY_AFTER_SECONDS);
});
