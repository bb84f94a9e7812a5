/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { liveFixture, type Fixture } from '../testing/fixtures';

/** Bad input from the attack run: each answered as the visitor's mistake, never as an outage. */
describe('malformed requests', () => {
  let fx: Fixture;
  let app: FastifyInstance;
  beforeAll(async () => {
    fx = await liveFixture({ SSR: 'off' });
    app = buildServer(fx.config);
  });
  afterAll(async () => {
    await app.close();
    await fx.cleanup();
  });

  it('answers an undecodable path or a control character with the Persian 400 page, not JSON or a 503', async () => {
    for (const url of ['/blog/%ff', '/blog/%00', '/rebar/%0d%0aSet-Cookie:x', '/%E0%A4%A']) {
      const response = await app.inject({ url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('خطا ۴۰۰');
    }
  });

  it('answers a control character in a query value with the Persian 400 page before any render', async () => {
    for (const url of ['/search?q=%00', '/rebar/kalaf?diameter_mm=%00', '/rebar/kalaf?diameter_mm=12%0a']) {
      const response = await app.inject({ url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('خطا ۴۰۰');
    }
  });

  it('sends a path with duplicate slashes to its one-slash URL (308), query kept', async () => {
    const cases = {
      '/rebar//ribbed-rebar': '/rebar/ribbed-rebar',
      '//rebar': '/rebar',
      '/blog///a?page=2': '/blog/a?page=2',
    };
    for (const [url, location] of Object.entries(cases)) {
      const response = await app.inject({ url });
      expect({ url, status: response.statusCode, location: response.headers.location }).toEqual({
        url,
        status: 308,
        location,
      });
    }
  });

  it('leaves Persian paths and ordinary pages alone', async () => {
    expect((await app.inject({ url: `/blog/${encodeURIComponent('قیمت-میلگرد')}` })).statusCode).toBe(200);
    expect((await app.inject({ url: '/rebar/kalaf?page=2' })).statusCode).toBe(200);
  });

  // Node's parser refuses the first before Fastify sees a request, and an injected request skips
  // the URL handling a real one gets: only a real connection shows what a visitor gets.
  describe('over a real connection', () => {
    let listening: FastifyInstance;
    let port = 0;
    beforeAll(async () => {
      listening = buildServer(fx.config);
      await listening.listen({ port: 0, host: '127.0.0.1' });
      port = (listening.server.address() as AddressInfo).port;
    });
    afterAll(() => listening.close());

    const ask = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; type: string; cacheControl: string; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, headers }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                type: response.headers['content-type'] ?? '',
                cacheControl: response.headers['cache-control'] ?? '',
                body,
              }),
            );
          })
          .on('error', reject);
      });

    it('answers a too-long URL with a Persian 414 and too-large headers with a Persian 431, not JSON', async () => {
      const cases: { name: string; path: string; headers: Record<string, string>; status: number; heading: string }[] =
        [
          { name: 'a 20 KB path', path: `/${'a'.repeat(20_000)}`, headers: {}, status: 414, heading: 'خطا ۴۱۴' },
          { name: 'a 100 KB query', path: `/?q=${'a'.repeat(100_000)}`, headers: {}, status: 414, heading: 'خطا ۴۱۴' },
          {
            name: 'a 64 KB header',
            path: '/',
            headers: { 'x-big': 'a'.repeat(65_536) },
            status: 431,
            heading: 'خطا ۴۳۱',
          },
        ];
      for (const { name, path, headers, status, heading } of cases) {
        const response = await ask(path, headers);
        expect({ name, status: response.status, type: response.type, cacheControl: response.cacheControl }).toEqual({
          name,
          status,
          type: 'text/html; charset=utf-8',
          cacheControl: 'no-store',
        });
        expect(response.body).toContain(heading);
      }
    });

    it('answers a navigation to an address no route serves with the Persian 404 page (plain text to a loader, JSON under /api/)', async () => {
      const navigation = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
      for (const path of ['/\\evil.com', '/%2F%2Fevil.com', '/builds/missing.png']) {
        const response = await ask(path, navigation);
        expect({ path, status: response.status, type: response.type, cacheControl: response.cacheControl }).toEqual({
          path,
          status: 404,
          type: 'text/html; charset=utf-8',
          cacheControl: 'no-store',
        });
        expect(response.body).toContain('خطا ۴۰۴');
      }
      // A script or image loader asks for anything: a missing chunk is never answered with HTML.
      const chunk = await ask('/builds/missing.js', { accept: '*/*' });
      expect({ status: chunk.status, type: chunk.type }).toEqual({ status: 404, type: 'text/plain; charset=utf-8' });
      const api = await ask('/api/nothing-here');
      expect({ status: api.status, body: JSON.parse(api.body) as unknown }).toEqual({
        status: 404,
        body: { error: 'Not Found' },
      });
    });
  });
});
