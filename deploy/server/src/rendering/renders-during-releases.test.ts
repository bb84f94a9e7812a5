/** @jest-environment node */
/**
 * What a release costs the server while visitors keep coming: a canary's visitors alternating
 * between two live sets, a crowd asking for one page just after an activation, a page left to
 * the browser under load, and the first visitors of a new live set.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { activate } from '../release/live-file-writes';
import { startCanary } from '../release/canary';
import { addServerEntries, liveFixture, publishMarkedCatalogue, type Fixture } from '../testing/fixtures';

/** A CMS stand-in that counts its reads and answers after `delayMs`. */
async function countingCms() {
  const state = { reads: 0, delayMs: 0 };
  const server = http.createServer((_request, response) => {
    state.reads += 1;
    setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('content'), state.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** The server's log lines, as fastify's logger writes them. */
function logLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((line) => String((JSON.parse(line) as { msg?: string }).msg ?? '')),
      );
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('renders while the platform releases', () => {
  let fx: Fixture;
  let cms: Awaited<ReturnType<typeof countingCms>>;
  let app: ReturnType<typeof buildServer> | null = null;
  const log = logLines();

  beforeEach(async () => {
    fx = await liveFixture();
    await addServerEntries(fx);
    cms = await countingCms();
    log.lines.length = 0;
  }, 30_000);
  afterEach(async () => {
    await app?.close();
    app = null;
    await cms.close();
    await fx.cleanup();
  });

  const start = (env: Record<string, string> = {}) => {
    app = buildServer(
      loadConfig({
        BUILDS_DIR: fx.buildsDir,
        CMS_INTERNAL_URL: cms.url,
        RENDER_RATE_LIMIT_PER_MINUTE: 'off',
        SSR_THREADS: '1',
        SSR_TIME_LIMIT_MS: '2000',
        HEALTH_MONITOR: 'off',
        ...env,
      }),
      { logger: log.logger },
    );
    return app;
  };
  const get = (url: string, cohort?: number) =>
    app!.inject({ url, headers: cohort === undefined ? {} : { cookie: `steel_cohort=${cohort}` } });
  const workerStarts = () =>
    log.lines.filter((line) => /render workers (started|,)|new render workers/.test(line)).length;

  it('keeps one pool of render workers per live set: a 50 % canary’s alternating visitors restart none', async () => {
    const canary = await publishMarkedCatalogue(fx, 'canary');
    await startCanary(fx.buildsDir, 'catalogue', canary, 50);
    start();
    for (let i = 0; i < 40; i++) {
      const inCanary = i % 2 === 0;
      const page = await get(`/rebar/product-${i}`, inCanary ? 100 : 9000);
      expect([i, page.statusCode, page.headers['x-render']]).toEqual([i, 200, 'server']);
      expect(page.body.includes('<title>canary ')).toBe(inCanary);
    }
    // One pool for the live set, one for the canary's: started once each, whoever came in between.
    expect(workerStarts()).toBe(2);
    expect(log.lines.filter((line) => /render workers closed/.test(line))).toEqual([]);
  }, 60_000);

  it('renders a page once for a crowd asking at once, counting only the request that started the render', async () => {
    // Two renders a minute per client: 64 visitors behind one address, asking together, cost one.
    start({ RENDER_RATE_LIMIT_PER_MINUTE: '2' });
    cms.state.delayMs = 300;
    const answers = await Promise.all(Array.from({ length: 64 }, () => get('/rebar/just-activated')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(64).fill(200));
    expect(answers.filter((answer) => answer.body.includes('<title>content '))).toHaveLength(64);
    expect(cms.state.reads).toBe(1);
    // The crowd spent one render of the two: the client may still cause one more.
    expect((await get('/rebar/another')).statusCode).toBe(200);
  }, 60_000);

  it('serves a partial render briefly, re-rendering it in the background once at a time until it is whole', async () => {
    // No wait for data past the time limit: a CMS slower than the time limit leaves the page to the browser.
    start({ SSR_TIME_LIMIT_MS: '300', SSR_DATA_WAIT_MS: '0' });
    cms.state.delayMs = 1000;
    const first = await get('/rebar/under-load');
    expect([first.statusCode, first.headers['x-render']]).toEqual([200, 'partial']);
    const readsAfterFirst = cms.state.reads;
    // The load passes; the page's visitors keep coming.
    cms.state.delayMs = 0;
    const seen: string[] = [];
    for (let i = 0; i < 40 && seen.at(-1) !== 'cache'; i++) {
      const page = await get('/rebar/under-load');
      expect(page.statusCode).toBe(200);
      seen.push(String(page.headers['x-render']));
      await wait(50);
    }
    // Partial copies while the first second passed, then the full render made in the background.
    expect(seen.at(-1)).toBe('cache');
    expect(new Set(seen)).toEqual(new Set(['partial', 'cache']));
    expect(cms.state.reads - readsAfterFirst).toBe(1);
  }, 60_000);

  it('warms a new live set: the pages visitors asked for most are rendered before they ask again', async () => {
    start();
    for (const url of ['/rebar/popular', '/rebar/popular', '/rebar/popular', '/rebar/second', '/rebar/second'])
      await get(url);
    expect((await get('/rebar/popular')).headers['x-render']).toBe('cache');
    const warmed = () => log.lines.filter((line) => line === 'new live set warmed').length;
    const warmedBefore = warmed();
    await activate(fx.buildsDir, 'catalogue', await publishMarkedCatalogue(fx, 'next'));
    // The first visitor after the activation; the server hears of the new live set with it.
    await get('/rebar/somewhere-else');
    // Its own render, then the two most asked pages rendered by the warm-up, nobody asking for them.
    for (let i = 0; i < 200 && warmed() === warmedBefore; i++) await wait(50);
    expect(warmed()).toBe(warmedBefore + 1);
    const popular = await get('/rebar/popular');
    expect(popular.headers['x-render']).toBe('cache');
    expect(popular.body).toContain('<title>next content');
    expect((await get('/rebar/second')).headers['x-render']).toBe('cache');
  }, 60_000);
});
