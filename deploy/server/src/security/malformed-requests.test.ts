/** @jest-environment node */
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
});
