/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { addServerEntries, liveFixture, type Fixture } from '../testing/fixtures';
import type { RenderFallback } from './site-server';

const LONG_SLUG = `/factories/${'a'.repeat(101)}`;

/**
 * The CMS answering 400 (a slug too long for it) or 404 (no such entry) is the address's fault, not
 * an outage: a cached 404 page, never a 503 that reports the CMS down and renders at every repeat.
 */
describe('a read the CMS refuses', () => {
  let fx: Fixture;
  let cms: http.Server;
  let app: FastifyInstance;
  const asked: string[] = [];
  const fellBack: RenderFallback[] = [];
  beforeAll(async () => {
    fx = await liveFixture();
    await addServerEntries(fx);
    // Strapi's answers, by the page asked for: 400 for a slug past its length, 404 for no entry.
    cms = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://cms').searchParams.get('url') ?? '';
      asked.push(url);
      if (url === LONG_SLUG) return void response.writeHead(400).end('{"error":{"status":400}}');
      if (url === '/factories/none') return void response.writeHead(404).end('{"error":{"status":404}}');
      if (url === '/factories/down') return void response.writeHead(503).end();
      response.writeHead(200, { 'content-type': 'text/plain' }).end('content');
    });
    await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
    app = buildServer(
      loadConfig({
        BUILDS_DIR: fx.buildsDir,
        CMS_INTERNAL_URL: `http://127.0.0.1:${(cms.address() as AddressInfo).port}`,
        RENDER_RATE_LIMIT_PER_MINUTE: 'off',
        SSR_THREADS: '1',
        SSR_TIME_LIMIT_MS: '2000',
        HEALTH_MONITOR: 'off',
      }),
      { events: { renderFellBack: (fallback) => fellBack.push(fallback) } },
    );
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => cms.close(resolve));
    await fx.cleanup();
  });

  it('answers a 404 page, kept in the cache, and does not report the CMS down', async () => {
    for (const url of [LONG_SLUG, '/factories/none']) {
      const first = await app.inject({ url });
      const again = await app.inject({ url });
      expect({ url, statuses: [first.statusCode, again.statusCode] }).toEqual({ url, statuses: [404, 404] });
      expect(first.headers['content-type']).toContain('text/html');
      expect({ url, cmsReads: asked.filter((asking) => asking === url).length }).toEqual({ url, cmsReads: 1 });
    }
    expect(fellBack).toEqual([]);
  });

  it('still answers 503 when the CMS itself fails', async () => {
    expect((await app.inject({ url: '/factories/down' })).statusCode).toBe(503);
    expect(fellBack.map(({ url, status }) => ({ url, status }))).toContainEqual({
      url: '/factories/down',
      status: 503,
    });
  });
});
