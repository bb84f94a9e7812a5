/** @jest-environment node */
import { startRenderingSite } from '../testing/rendering-site';
import { startTestRedis, type TestRedis } from '../testing/redis-server';

/**
 * Through the real app server on Redis (REDIS_URL): with Redis hung (SIGSTOP), pages are still
 * answered at once — rendered without the shared cache — instead of each waiting out Redis
 * command timeouts (3 s a page before the breaker).
 */
describe('pages with Redis hung', () => {
  let redis: TestRedis;
  let site: Awaited<ReturnType<typeof startRenderingSite>>;

  beforeAll(async () => {
    redis = await startTestRedis();
    site = await startRenderingSite({ REDIS_URL: redis.url, REDIS_PREFIX: 'hung-pages:' });
  }, 30_000);
  afterAll(async () => {
    await site?.close();
    await redis?.stop();
  });

  it('answers several pages in a row within a second, and serves them from Redis again once it wakes', async () => {
    const get = (url: string) => site.app.inject({ url });
    // Warm: the render workers are up and the page is in Redis.
    expect((await get('/rebar/hung')).headers['x-render']).toBe('server');
    await waitFor(async () => (await get('/rebar/hung')).headers['x-render'] === 'cache');

    redis.pause();
    try {
      const started = Date.now();
      const answers = [];
      for (let request = 0; request < 4; request += 1) answers.push(await get(`/rebar/hung${request % 2 ? '' : '-other'}`));
      expect(Date.now() - started).toBeLessThan(1000);
      expect(answers.map((answer) => [answer.statusCode, answer.headers['x-render']])).toEqual(Array(4).fill([200, 'server']));
    } finally {
      redis.resume();
    }
    // Awake: the breaker lets a probe through after its pause, and the cache is Redis's again.
    await waitFor(async () => (await get('/rebar/hung')).headers['x-render'] === 'cache', 10_000);
  }, 30_000);
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
