/** @jest-environment node */
import { Redis } from 'ioredis';
import { startRenderingSite } from '../testing/rendering-site';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { createRedisState } from './redis-state';

/**
 * Through the real app server on Redis (REDIS_URL): with Redis hung (SIGSTOP), pages are still
 * answered at once — from this server's own copy of the pages it rendered or read, rendered when
 * it has none — instead of each waiting out Redis command timeouts (3 s a page before the
 * breaker); and Redis is the shared cache again once it answers.
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

  it('answers several pages in a row within a second, from memory once rendered, and from Redis again once it wakes', async () => {
    const get = (url: string) => site.app.inject({ url });
    // Warm: the render workers are up and the page is in Redis.
    expect((await get('/rebar/hung')).headers['x-render']).toBe('server');
    await waitFor(async () => (await get('/rebar/hung')).headers['x-render'] === 'cache');

    redis.pause();
    try {
      const started = Date.now();
      const answers = [];
      for (let request = 0; request < 4; request += 1)
        answers.push(await get(`/rebar/hung${request % 2 ? '' : '-other'}`));
      expect(Date.now() - started).toBeLessThan(1000);
      // The page rendered before the pause, and the one rendered during it, come from this server's memory.
      expect(answers.map((answer) => [answer.statusCode, answer.headers['x-render']])).toEqual([
        [200, 'server'],
        [200, 'cache'],
        [200, 'cache'],
        [200, 'cache'],
      ]);
    } finally {
      redis.resume();
    }
    // Awake: the breaker lets a probe through after its pause, and Redis is the truth again — it
    // never got the page rendered during the outage, so that one is rendered once more, then kept there.
    await waitFor(async () => (await get('/rebar/hung-other')).headers['x-render'] === 'server', 10_000);
    expect((await get('/rebar/hung-other')).headers['x-render']).toBe('cache');
  }, 30_000);

  it('renders afresh a page whose content changed during the outage, tells Redis once it answers, then serves what another server put there', async () => {
    const get = (url: string) => site.app.inject({ url });
    const admin = new Redis(redis.url);
    const other = createRedisState({
      url: redis.url,
      prefix: 'hung-pages:',
      pages: { maxEntries: 100, maxBytes: Infinity, retryMs: 60_000 },
    });
    try {
      expect((await get('/rebar/changed')).headers['x-render']).toBe('server');
      await waitFor(async () => (await get('/rebar/changed')).headers['x-render'] === 'cache');
      const [redisKey] = await admin.keys('hung-pages:page:* /rebar/changed');
      const cacheKey = redisKey!.slice('hung-pages:page:'.length);

      redis.pause();
      let resumedAt: number;
      try {
        expect((await get('/rebar/changed')).headers['x-render']).toBe('cache');
        // The CMS reports the change: told, not a 503, though Redis cannot be.
        const changed = await site.app.inject({
          method: 'POST',
          url: '/_/content-changed',
          payload: { collections: ['pages'] },
        });
        expect(changed.statusCode).toBe(200);
        expect(changed.json<{ stale: number }>().stale).toBeGreaterThanOrEqual(1);
        // This server's copy is stale: rendered afresh, then served from memory again.
        expect((await get('/rebar/changed')).headers['x-render']).toBe('server');
        expect((await get('/rebar/changed')).headers['x-render']).toBe('cache');
      } finally {
        redis.resume();
        resumedAt = Date.now();
      }

      // Redis learns of the change once this server's breaker lets a call through: its copy (from
      // before the outage) is marked stale, or already rendered afresh because of it.
      await waitFor(async () => {
        await get('/rebar/changed');
        const inRedis = await admin.hmget(redisKey!, 'stale', 'renderedAt');
        return inRedis[0] === '1' || Number(inRedis[1]) >= resumedAt;
      }, 10_000);
      // Another server renders the page into Redis: this one serves that copy.
      const fromOther = '<main>از سرور دیگر</main>';
      await waitFor(async () => {
        await other.pages.set(cacheKey, {
          status: 200,
          html: fromOther,
          etag: '"other"',
          collections: ['pages'],
          renderedAt: Date.now(),
        });
        const answer = await get('/rebar/changed');
        return answer.headers['x-render'] === 'cache' && answer.body === fromOther;
      });
    } finally {
      redis.resume();
      await other.close();
      admin.disconnect();
    }
  }, 30_000);
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
