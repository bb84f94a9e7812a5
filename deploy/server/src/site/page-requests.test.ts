/** @jest-environment node */
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { liveFixture, type Fixture } from '../testing/fixtures';

/** The random-query attack: a query string the page does not read never causes a render. */
describe('page requests and the page cache', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await liveFixture();
  });
  afterAll(() => fx.cleanup());

  it('sends a query the page does not read to the URL without it (301), keeping what it reads', async () => {
    const app = buildServer(loadConfig({ BUILDS_DIR: fx.buildsDir, RENDER_RATE_LIMIT_PER_MINUTE: 'off' }));
    const cases = {
      '/blog?utm_source=x&page=2': '/blog?page=2',
      '/blog?x=1': '/blog',
      '/blog?tag=&page=3': '/blog?page=3',
    };
    for (const [url, location] of Object.entries(cases)) {
      const response = await app.inject({ url });
      expect({ url, status: response.statusCode, location: response.headers.location }).toEqual({
        url,
        status: 301,
        location,
      });
    }
    let renders = 0;
    for (let i = 0; i < 2000; i++) {
      const response = await app.inject({ url: `/blog?r${i}=${i}` });
      if (response.statusCode !== 301) renders += 1;
    }
    expect(renders).toBe(0);
    await app.close();
    // 2,000 requests: seconds on a quiet machine, more beside the builds and lint on two busy cores.
  }, 120_000);

  it('bounds the fresh renders one client causes a minute: 429 with Retry-After and a Persian page', async () => {
    const app = buildServer(loadConfig({ BUILDS_DIR: fx.buildsDir, RENDER_RATE_LIMIT_PER_MINUTE: '3' }));
    const statuses: number[] = [];
    for (const page of [1, 2, 3, 4])
      statuses.push((await app.inject({ url: `/blog?page=${page}`, remoteAddress: '203.0.113.9' })).statusCode);
    expect(statuses.slice(0, 3).every((status) => status === 200)).toBe(true);
    const refused = await app.inject({ url: '/blog?page=5', remoteAddress: '203.0.113.9' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('خطا ۴۲۹');
    // Another client is not slowed by the first.
    expect((await app.inject({ url: '/blog?page=6', remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
    await app.close();
  });
});
