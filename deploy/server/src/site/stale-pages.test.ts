/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { addServerEntries, liveFixture, type Fixture } from '../testing/fixtures';

/**
 * A CMS the test controls: `content` is what every page shows; `mode` is how it fails. Down is
 * a refused connection (the server closes), like a stopped process.
 */
function createFakeCms() {
  const state = { content: 'v1', mode: 'up' as 'up' | 'down' | 'slow' | 'failing' | 'stalled', reads: 0 };
  const server = http.createServer((request, response) => {
    state.reads += 1;
    if (state.mode === 'failing') return void response.writeHead(502).end('bad gateway');
    // Hung, not dead: the connection is taken and nothing ever comes back.
    if (state.mode === 'stalled') return;
    const answer = () => response.writeHead(200, { 'content-type': 'text/plain' }).end(state.content);
    if (state.mode === 'slow') setTimeout(answer, 1500);
    else answer();
  });
  let port = 0;
  return {
    state,
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      state.mode = 'up';
    },
    async stop() {
      state.mode = 'down';
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Long enough that twenty requests in a row fit in one interval on a loaded 2-core machine.
const STALE_RETRY_MS = 3000;

describe('pages survive CMS faults (stale-if-error)', () => {
  let fx: Fixture;
  const cms = createFakeCms();
  let app: ReturnType<typeof buildServer>;

  beforeAll(async () => {
    fx = await liveFixture();
    await addServerEntries(fx);
    await cms.start();
    app = buildServer(
      loadConfig({
        BUILDS_DIR: fx.buildsDir,
        CMS_INTERNAL_URL: cms.url,
        RENDER_RATE_LIMIT_PER_MINUTE: 'off',
        SSR_THREADS: '1',
        SSR_TIME_LIMIT_MS: '1000',
        SSR_DATA_WAIT_MS: '1500',
        SSR_STALE_RETRY_MS: String(STALE_RETRY_MS),
      }),
    );
  }, 30_000);
  afterAll(async () => {
    await app.close();
    if (cms.state.mode !== 'down') await cms.stop();
    await fx.cleanup();
  });
  beforeEach(async () => {
    if (cms.state.mode === 'down') await cms.start();
    cms.state.mode = 'up';
  });

  const get = (url: string) => app.inject({ url });
  const contentChanged = () =>
    app.inject({ method: 'POST', url: '/_/content-changed', payload: { collections: ['pages'] } });

  it('serves the last good render when the CMS is down, a 503 page only for a page never rendered, and renders afresh once it is back', async () => {
    cms.state.content = 'first';
    const first = await get('/rebar/down');
    expect([first.statusCode, first.headers['x-render']]).toEqual([200, 'server']);
    expect(first.body).toContain('<title>first ');
    expect((await get('/rebar/down')).headers['x-render']).toBe('cache');

    // Edited in the CMS: the page turns stale, and is rendered afresh on the next request…
    cms.state.content = 'second';
    expect((await contentChanged()).json()).toEqual({ stale: 1 });
    // …which fails: the CMS has stopped meanwhile.
    await cms.stop();
    const stale = await get('/rebar/down');
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['x-render']).toBe('stale');
    expect(stale.headers['warning']).toBe('111 - "Revalidation Failed"');
    expect(Number(stale.headers['age'])).toBeGreaterThanOrEqual(0);
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(stale.body).toContain('<title>first ');
    expect(stale.body).toBe(first.body);

    const never = await get('/rebar/never-rendered');
    expect(never.statusCode).toBe(503);
    expect(never.headers['x-render']).toBe('server');

    // Back: the visitor keeps getting the stale copy at once while the page is rendered in the background.
    await cms.start();
    await wait(STALE_RETRY_MS + 50);
    expect((await get('/rebar/down')).headers['x-render']).toBe('stale');
    let fresh = await get('/rebar/down');
    for (let i = 0; i < 50 && fresh.headers['x-render'] !== 'cache'; i++) {
      await wait(50);
      fresh = await get('/rebar/down');
    }
    expect(fresh.headers['x-render']).toBe('cache');
    expect(fresh.body).toContain('<title>second ');
  }, 30_000);

  it('renders afresh a page cached on an earlier day in Tehran, and keeps that copy as its last good render', async () => {
    cms.state.content = 'yesterday';
    expect((await get('/rebar/daily')).headers['x-render']).toBe('server');
    expect((await get('/rebar/daily')).headers['x-render']).toBe('cache');
    // The next day (no content changed): today's offers may differ, so the page is rendered again.
    const realNow = Date.now.bind(Date);
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 24 * 3600_000);
    try {
      cms.state.content = 'today';
      const nextDay = await get('/rebar/daily');
      expect(nextDay.headers['x-render']).toBe('server');
      expect(nextDay.body).toContain('<title>today ');
      expect((await get('/rebar/daily')).headers['x-render']).toBe('cache');
      // A day later again, with the CMS down: the page's last good render is still served.
      clock.mockImplementation(() => realNow() + 2 * 24 * 3600_000);
      await cms.stop();
      const stale = await get('/rebar/daily');
      expect([stale.statusCode, stale.headers['x-render']]).toEqual([200, 'stale']);
      expect(stale.body).toContain('<title>today ');
    } finally {
      clock.mockRestore();
    }
  }, 30_000);

  it('asks a failing CMS at most once per interval for a page, however busy the page', async () => {
    cms.state.content = 'kept';
    expect((await get('/rebar/busy')).headers['x-render']).toBe('server');
    await contentChanged();
    cms.state.mode = 'failing';
    const readsBefore = cms.state.reads;
    const renders: string[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await get('/rebar/busy');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>kept ');
      renders.push(String(response.headers['x-render']));
    }
    expect(new Set(renders)).toEqual(new Set(['stale']));
    // The first request's own re-render; the other 19 came within the interval.
    expect(cms.state.reads - readsBefore).toBe(1);

    // Once the interval has passed, the next request tries again (one request: on a loaded machine
    // two in a row may lie a whole interval apart).
    await wait(STALE_RETRY_MS + 50);
    await get('/rebar/busy');
    await wait(100);
    expect(cms.state.reads - readsBefore).toBe(2);
  }, 30_000);

  it('serves the last good render when the CMS answers slower than the render time limit', async () => {
    cms.state.content = 'quick';
    expect((await get('/rebar/slow')).headers['x-render']).toBe('server');
    await contentChanged();
    cms.state.content = 'late';
    cms.state.mode = 'slow';
    const response = await get('/rebar/slow');
    expect([response.statusCode, response.headers['x-render']]).toEqual([200, 'stale']);
    expect(response.body).toContain('<title>quick ');
    // A page never rendered waits for its data past the time limit: a slow CMS still gets it shown, whole.
    const never = await get('/rebar/slow-never');
    expect([never.statusCode, never.headers['x-render']]).toEqual([200, 'server']);
    expect(never.body).toContain('<title>late ');
  }, 30_000);

  it.each([
    ['stalled', 'accepts the request and never answers'],
    ['failing', 'answers 502'],
    ['down', 'refuses the connection'],
  ] as const)(
    'never answers an empty 200 for a page never rendered when the CMS is %s (it %s): the 503 page, not kept',
    async (mode, _how) => {
      if (mode === 'down') await cms.stop();
      else cms.state.mode = mode;
      for (const attempt of [1, 2]) {
        const response = await get(`/rebar/unavailable-${mode}`);
        expect([attempt, response.statusCode, response.headers['x-render']]).toEqual([attempt, 503, 'server']);
        expect(response.headers['retry-after']).toBe('30');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['etag']).toBeUndefined();
      }
    },
    30_000,
  );
});
