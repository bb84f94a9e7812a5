/** @jest-environment node */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { REMOTE_FAILURE_REPORT_PATH } from '@steel/contract';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { addKey } from '../live-set/deploy-keys';
import { startCanary } from '../release/canary';
import { packDist } from '../release/deploy-api-client';
import { publish } from '../release/publish';
import { createFailureRecorder } from '../shared-state/failure-counts';
import { addServerEntries, liveFixture, makeDist, type Fixture } from '../testing/fixtures';
import { settled } from '../testing/deploy-jobs';
import { parseExposition } from '../testing/prometheus-text';
import { logLines } from '../testing/log-lines';

/** A CMS stand-in: "content" for every read, 503 for a page whose URL says `down`; each read's x-request-id kept. */
async function cmsStandIn() {
  const requestIds: string[] = [];
  const server = http.createServer((request, response) => {
    requestIds.push(String(request.headers['x-request-id'] ?? ''));
    const url = new URL(request.url ?? '/', 'http://cms').searchParams.get('url') ?? '';
    if (url.includes('down')) return void response.writeHead(503).end();
    response.writeHead(200, { 'content-type': 'text/plain' }).end('content');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requestIds,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const scrape = async (app: FastifyInstance) => {
  const response = await app.inject({ url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return parseExposition(response.body);
};

describe('/metrics', () => {
  let fx: Fixture;
  let app: FastifyInstance;
  beforeAll(async () => {
    fx = await liveFixture();
    app = buildServer(loadConfig({ BUILDS_DIR: fx.buildsDir, HEALTH_MONITOR: 'off', METRICS_TOKEN: 'scrape-me' }));
  });
  afterAll(async () => {
    await app.close();
    await fx.cleanup();
  });

  it("answers the machine's own clients in Prometheus's text format, with the process's metrics", async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const metrics = parseExposition(await response.text());
    expect(metrics.types).toMatchObject({
      process_cpu_user_seconds_total: 'counter',
      nodejs_heap_size_used_bytes: 'gauge',
      nodejs_eventloop_lag_seconds: 'gauge',
      steel_page_request_duration_seconds: 'histogram',
      steel_page_cache_lookups_total: 'counter',
      steel_render_queue_length: 'gauge',
      steel_deploy_events_total: 'counter',
    });
    expect(metrics.sum('process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('refuses a request a proxy forwarded and any other address, unless it brings METRICS_TOKEN', async () => {
    const forwarded = await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
    const remote = await app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    const wrongToken = await app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: 'Bearer scrape-you' },
    });
    expect([forwarded.statusCode, remote.statusCode, wrongToken.statusCode]).toEqual([403, 403, 403]);
    expect(remote.body).not.toContain('steel_');
    const withToken = await app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: 'Bearer scrape-me', 'x-forwarded-for': '203.0.113.7' },
    });
    expect(withToken.statusCode).toBe(200);
    expect(parseExposition(withToken.body).types.steel_page_request_duration_seconds).toBe('histogram');
  });
});

describe("browsers' failure reports", () => {
  it('are counted per app version and kind', async () => {
    const fx = await liveFixture();
    const app = buildServer(loadConfig({ BUILDS_DIR: fx.buildsDir, HEALTH_MONITOR: 'off' }));
    try {
      for (const kind of ['mount', 'mount', 'hydrate']) {
        const sent = await app.inject({
          method: 'POST',
          url: REMOTE_FAILURE_REPORT_PATH,
          payload: { app: 'blog', version: fx.versions.blog, kind, route: '/blog', message: 'boom' },
        });
        expect(sent.statusCode).toBe(204);
      }
      const metrics = await scrape(app);
      const reports = (kind: string) =>
        metrics.sum('steel_version_reports_total', { app: 'blog', version: fx.versions.blog, kind });
      expect([reports('mount'), reports('hydrate')]).toEqual([2, 1]);
    } finally {
      await app.close();
      await fx.cleanup();
    }
  });
});

describe('page metrics, request ids and the CMS reads of a request', () => {
  let fx: Fixture;
  let cms: Awaited<ReturnType<typeof cmsStandIn>>;
  let app: FastifyInstance;
  const log = logLines();
  beforeAll(async () => {
    fx = await liveFixture();
    await addServerEntries(fx);
    cms = await cmsStandIn();
    app = buildServer(
      loadConfig({
        BUILDS_DIR: fx.buildsDir,
        CMS_INTERNAL_URL: cms.url,
        RENDER_RATE_LIMIT_PER_MINUTE: '3',
        SSR_THREADS: '1',
        SSR_TIME_LIMIT_MS: '2000',
        SSR_DATA_WAIT_MS: '0',
        HEALTH_MONITOR: 'off',
      }),
      { logger: log.logger },
    );
  });
  afterAll(async () => {
    await app.close();
    await cms.close();
    await fx.cleanup();
  });

  it('counts page requests by route pattern and outcome (server, cache, error, refused, redirect), never by URL', async () => {
    const statuses: Record<string, number> = {};
    for (const url of ['/rebar/a', '/rebar/a', '/rebar/b', '/blog/first', '/blog/second', '/blog?x=1', '/rebar/down'])
      statuses[url] = (await app.inject({ url, remoteAddress: '203.0.113.20' })).statusCode;
    // Over its 3 fresh renders a minute: this client is refused a fourth.
    statuses['/rebar/c'] = (await app.inject({ url: '/rebar/c', remoteAddress: '203.0.113.20' })).statusCode;
    statuses['/nowhere/at/all'] = (
      await app.inject({ url: '/nowhere/at/all', remoteAddress: '203.0.113.21' })
    ).statusCode;
    expect(statuses).toEqual({
      '/rebar/a': 200,
      '/rebar/b': 200,
      '/blog/first': 200,
      '/blog/second': 429,
      '/blog?x=1': 301,
      '/rebar/down': 429,
      '/rebar/c': 429,
      '/nowhere/at/all': 200,
    });

    const metrics = await scrape(app);
    const count = (page: string, outcome: string) =>
      metrics.sum('steel_page_request_duration_seconds_count', { page, outcome });
    expect({
      rebarServer: count('/rebar/*', 'server'),
      rebarCache: count('/rebar/*', 'cache'),
      rebarRefused: count('/rebar/*', 'refused'),
      blogServer: count('/blog/:slug', 'server'),
      blogRefused: count('/blog/:slug', 'refused'),
      blogRedirect: count('/blog', 'redirect'),
      unrouted: count('(none)', 'server'),
    }).toEqual({
      rebarServer: 2,
      rebarCache: 1,
      rebarRefused: 2,
      blogServer: 1,
      blogRefused: 1,
      blogRedirect: 1,
      unrouted: 1,
    });
    const pages = new Set(metrics.find('steel_page_request_duration_seconds_count').map(({ labels }) => labels.page));
    expect([...pages].sort()).toEqual(['(none)', '/blog', '/blog/:slug', '/rebar/*']);
    expect(metrics.sum('steel_renders_refused_total')).toBe(3);
    expect(metrics.sum('steel_page_cache_lookups_total', { result: 'hit' })).toBe(1);
    expect(metrics.sum('steel_page_cache_lookups_total', { result: 'miss' })).toBe(7);
    expect(metrics.sum('steel_page_cache_pages')).toBe(4);
    expect(metrics.sum('steel_page_cache_bytes')).toBeGreaterThan(0);
    expect(metrics.sum('steel_render_pools')).toBe(1);
    expect(metrics.sum('steel_render_threads')).toBe(1);
    expect(metrics.find('steel_render_queue_length')).toHaveLength(1);
    // Each render read the CMS once, in its worker thread.
    expect(metrics.sum('steel_cms_request_duration_seconds_count', { caller: 'render', outcome: 'ok' })).toBe(4);
    // A view of the owning app's version per page asked for (the denominator of its failure rate).
    const views = (app: 'catalogue' | 'blog') =>
      metrics.sum('steel_version_reports_total', { app, version: fx.versions[app], kind: 'view' });
    expect([views('catalogue'), views('blog')]).toEqual([5, 3]);
  });

  it('counts a page whose data the CMS could not give as an error, and the failed read', async () => {
    const response = await app.inject({ url: '/rebar/down', remoteAddress: '203.0.113.30' });
    expect(response.statusCode).toBe(503);
    const metrics = await scrape(app);
    expect(metrics.sum('steel_page_request_duration_seconds_count', { page: '/rebar/*', outcome: 'error' })).toBe(1);
    expect(metrics.sum('steel_cms_request_duration_seconds_count', { caller: 'render', outcome: 'error' })).toBe(1);
  });

  it("takes nginx's well-formed request id, sends it with the render's CMS reads and logs every line of the request with it", async () => {
    const id = '0f8e5c1a9b2d4e6f8a0b1c2d3e4f5a6b';
    const before = cms.requestIds.length;
    const response = await app.inject({
      url: '/rebar/traced',
      headers: { 'x-request-id': id },
      remoteAddress: '203.0.113.50',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe(id);
    expect(cms.requestIds.slice(before)).toEqual([id]);
    const lines = log.lines.filter((line) => line.reqId === id);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('makes its own id for a request whose id is malformed, and the CMS sees that one', async () => {
    for (const [index, malformed] of ['two words', 'x'.repeat(129), '-starts-with-a-dash', 'a;b=c'].entries()) {
      const before = cms.requestIds.length;
      const response = await app.inject({
        url: `/rebar/malformed-${index}`,
        headers: { 'x-request-id': malformed },
        remoteAddress: `203.0.113.${40 + index}`,
      });
      expect(response.statusCode).toBe(200);
      const id = response.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(cms.requestIds.slice(before)).toEqual([id]);
      expect(log.lines.filter((line) => line.reqId === id)).toHaveLength(2);
    }
  });
});

describe('deploy actions', () => {
  let root: string;
  let app: FastifyInstance;
  const log = logLines();
  let key: string;
  beforeAll(async () => {
    const fx = await liveFixture();
    root = fx.root;
    const keysFile = path.join(root, 'secrets', 'deploy-keys.json');
    key = await addKey({ buildsDir: fx.buildsDir, keysFile }, 'blog', 'blog-team');
    app = buildServer(loadConfig({ BUILDS_DIR: fx.buildsDir, DEPLOY_KEYS_FILE: keysFile, HEALTH_MONITOR: 'off' }), {
      logger: log.logger,
    });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('are each one structured line with the key name, and counted by app and action', async () => {
    const auth = { authorization: `Bearer ${key}` };
    // Each a job, run in the context of the request that asked for it: its lines carry that request's id.
    const upload = await settled(
      app,
      await app.inject({
        method: 'POST',
        url: '/_/deploy/blog/versions',
        headers: { ...auth, 'content-type': 'application/gzip', 'x-request-id': 'deploy-call-1' },
        payload: await packDist(await makeDist(root, 'blog', 'v2')),
      }),
      key,
    );
    expect(upload.statusCode).toBe(201);
    const { version } = upload.json<{ version: string }>();
    // Fixture builds expose no ./app: the gate refuses the activation, and the refusal is recorded.
    const refused = await settled(
      app,
      await app.inject({
        method: 'POST',
        url: '/_/deploy/blog/activate',
        headers: { ...auth, 'x-request-id': 'deploy-call-2' },
        payload: { version },
      }),
      key,
    );
    expect(refused.statusCode).toBe(422);

    const deployLines = log.lines.filter((line) => line.event === 'deploy');
    expect(deployLines).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: 'deploy-call-1',
        action: 'publish',
        app: 'blog',
        version,
        by: 'blog-team',
      }),
      expect.objectContaining({
        level: 40,
        reqId: 'deploy-call-2',
        action: 'refused',
        app: 'blog',
        version,
        by: 'blog-team',
        gate: expect.stringMatching(/^exposes: /),
      }),
    ]);
    const metrics = await scrape(app);
    expect(metrics.sum('steel_deploy_events_total', { app: 'blog', action: 'publish' })).toBe(1);
    expect(metrics.sum('steel_deploy_events_total', { app: 'blog', action: 'refused' })).toBe(1);
  });
});

describe("the health monitor's decisions", () => {
  it('are one structured line each, with the deploy action it took and its count', async () => {
    const fx = await liveFixture();
    const log = logLines();
    const canary = (await publish(fx.buildsDir, 'catalogue', await makeDist(fx.root, 'catalogue', 'v2'))).version;
    await startCanary(fx.buildsDir, 'catalogue', canary, 20);
    // The canary fails in a fifth of its views, the live version in 1 %.
    const recorder = createFailureRecorder(fx.buildsDir);
    for (let i = 0; i < 200; i++) recorder.record('catalogue', fx.versions.catalogue, 'view');
    for (let i = 0; i < 2; i++) recorder.record('catalogue', fx.versions.catalogue, 'mount');
    for (let i = 0; i < 50; i++) recorder.record('catalogue', canary, 'view');
    for (let i = 0; i < 10; i++) recorder.record('catalogue', canary, 'mount');
    await recorder.flush();
    const app = buildServer(loadConfig({ BUILDS_DIR: fx.buildsDir, HEALTH_CHECK_MS: '100' }), { logger: log.logger });
    try {
      await app.ready();
      const deadline = Date.now() + 10_000;
      // The decision's line follows the action's (the release-log line is written as the change is made).
      while (!log.lines.some((line) => line.event === 'health-monitor') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const decisions = log.lines.filter((line) => line.event === 'health-monitor');
      const actions = log.lines.filter((line) => line.event === 'deploy');
      expect(decisions).toEqual([
        expect.objectContaining({
          level: 40,
          app: 'catalogue',
          version: canary,
          action: 'abort',
          by: 'health monitor',
          why: expect.stringMatching(/^health: canary 20\.0% \(10 failures in 50 views\)/),
        }),
      ]);
      expect(actions).toEqual([
        expect.objectContaining({
          level: 40,
          action: 'auto-abort',
          app: 'catalogue',
          version: canary,
          previous: fx.versions.catalogue,
          by: 'health monitor',
        }),
      ]);
      expect(actions[0]).not.toHaveProperty('reqId');
      const metrics = await scrape(app);
      expect(metrics.sum('steel_deploy_events_total', { app: 'catalogue', action: 'auto-abort' })).toBe(1);
    } finally {
      await app.close();
      await fx.cleanup();
    }
  });
});
