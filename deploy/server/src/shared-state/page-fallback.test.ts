/** @jest-environment node */
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { cachedPage, twoServersOnRedis, waitFor } from '../testing/redis-states';
import { createRedisState } from './redis-state';
import type { Notice, SharedState } from './shared-state';

/**
 * Two app servers' shared state on one real redis-server, hung (SIGSTOP) and awake again: while
 * Redis cannot answer, each server serves the pages it set or read from its own memory; Redis is
 * the truth again once it answers, and learns what changed meanwhile.
 */
describe('pages from this server’s memory while Redis cannot answer', () => {
  let redis: TestRedis;
  let serverA: SharedState;
  let serverB: SharedState;

  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });
  beforeEach(async () => {
    [serverA, serverB] = await twoServersOnRedis(redis, {
      pages: { maxEntries: 100, maxBytes: Infinity, retryMs: 300 },
      breakerPauseMs: { first: 300, max: 600 },
    });
  });
  afterEach(async () => {
    redis.resume();
    await serverA.close();
    await serverB.close();
  });

  it('serves the pages this server set or read, stale-if-error copies included', async () => {
    await serverA.pages.set('set1 /rebar', cachedPage('<p>میلگرد</p>', ['products']));
    await serverB.pages.set('set1 /blog', cachedPage('<p>بلاگ</p>', ['articles']));
    // Read from Redis, so kept here too.
    expect((await serverA.pages.get('set1 /blog'))?.page.html).toBe('<p>بلاگ</p>');
    await serverA.pages.set('set1 /beam', cachedPage('<p>تیرآهن</p>', ['products']));
    await serverA.pages.renderFailed('set1 /beam');

    redis.pause();
    // The first read waits for its timeout and opens the breaker; every read is answered all the same.
    expect(await serverA.pages.get('set1 /rebar')).toMatchObject({
      stale: false,
      page: { html: '<p>میلگرد</p>', collections: ['products'] },
    });
    expect(await serverA.pages.get('set1 /blog')).toMatchObject({ stale: false, page: { html: '<p>بلاگ</p>' } });
    // The last good render whose re-render failed: stale, retried one at a time after the pause.
    expect(await serverA.pages.get('set1 /beam')).toMatchObject({
      stale: true,
      retryAt: expect.any(Number),
      page: { html: '<p>تیرآهن</p>' },
    });
    expect(await serverA.pages.claimRetry('set1 /beam')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect([await serverA.pages.claimRetry('set1 /beam'), await serverA.pages.claimRetry('set1 /beam')]).toEqual([
      true,
      false,
    ]);
    // A page rendered during the outage is kept too.
    await serverA.pages.set('set1 /pipe', cachedPage('<p>لوله</p>', ['products']));
    expect(await serverA.pages.get('set1 /pipe')).toMatchObject({ stale: false, page: { html: '<p>لوله</p>' } });
    // Only what this server set or read: the other server never saw this page.
    expect(await serverB.pages.get('set1 /rebar')).toBeUndefined();
  });

  it('marks an invalidation during the outage here at once, and in Redis and on the other servers once Redis answers', async () => {
    await serverA.pages.set('set1 /rebar', cachedPage('<p>میلگرد</p>', ['products']));
    await serverA.pages.set('set1 /blog', cachedPage('<p>بلاگ</p>', ['articles']));
    await serverA.pages.set('set1 /beam', cachedPage('<p>تیرآهن</p>', ['products']));
    // The other server has read one of them: its copy is to be marked by the notice it hears.
    expect((await serverB.pages.get('set1 /beam'))?.stale).toBe(false);
    const heardByB: Notice[] = [];
    serverB.onNotice((notice) => heardByB.push(notice));

    redis.pause();
    expect((await serverA.pages.get('set1 /rebar'))?.stale).toBe(false);
    expect(await serverA.pages.invalidate(['products'])).toBe(2);
    // Stale here: the next request renders it afresh (and keeps the new render here).
    expect((await serverA.pages.get('set1 /rebar'))?.stale).toBe(true);
    expect((await serverA.pages.get('set1 /blog'))?.stale).toBe(false);
    await serverA.pages.set('set1 /rebar', cachedPage('<p>میلگرد ۲</p>', ['products']));
    expect(await serverA.pages.get('set1 /rebar')).toMatchObject({ stale: false, page: { html: '<p>میلگرد ۲</p>' } });
    redis.resume();

    // Once A's breaker lets a call through, the invalidation reaches Redis and is announced.
    await waitFor(async () => {
      await serverA.pages.get('set1 /blog');
      return (await serverB.pages.get('set1 /rebar'))?.stale === true;
    });
    expect((await serverB.pages.get('set1 /blog'))?.stale).toBe(false);
    await waitFor(async () => heardByB.some((notice) => notice.kind === 'content'));
    expect(heardByB).toEqual([{ kind: 'content', collections: ['products'] }]);

    // B's copy of the page it read before the outage, not read since, was marked by that notice.
    redis.pause();
    expect(await serverB.pages.get('set1 /beam')).toMatchObject({ stale: true, page: { html: '<p>تیرآهن</p>' } });
  });

  it('reads Redis again once it answers: a page another server set wins, and one Redis lacks is dropped here', async () => {
    await serverA.pages.set('set1 /rebar', cachedPage('<p>میلگرد</p>', ['products']));
    redis.pause();
    expect((await serverA.pages.get('set1 /rebar'))?.page.html).toBe('<p>میلگرد</p>');
    // Rendered during the outage: kept here only (the breaker is open, nothing is sent).
    await serverA.pages.set('set1 /rebar', cachedPage('<p>میلگرد (این سرور)</p>', ['products']));
    await serverA.pages.set('set1 /pipe', cachedPage('<p>لوله</p>', ['products']));
    expect((await serverA.pages.get('set1 /pipe'))?.page.html).toBe('<p>لوله</p>');
    redis.resume();

    await serverB.pages.set('set1 /rebar', cachedPage('<p>میلگرد (سرور دیگر)</p>', ['products']));
    await waitFor(async () => (await serverA.pages.get('set1 /rebar'))?.page.html === '<p>میلگرد (سرور دیگر)</p>');
    expect(await serverA.pages.get('set1 /pipe')).toBeUndefined();

    // The copy here followed Redis: the next outage finds the other server's page, and no /pipe.
    redis.pause();
    expect((await serverA.pages.get('set1 /rebar'))?.page.html).toBe('<p>میلگرد (سرور دیگر)</p>');
    expect(await serverA.pages.get('set1 /pipe')).toBeUndefined();
  });

  it('keeps this server’s copy within the page cache’s bounds', async () => {
    const bounded = createRedisState({
      url: redis.url,
      prefix: `bounded${Math.random().toString(36).slice(2, 8)}:`,
      pages: { maxEntries: 2, maxBytes: Infinity, retryMs: 300 },
    });
    try {
      await waitFor(async () => (await bounded.hit('warm-up', 1000)) > 0);
      for (const name of ['a', 'b', 'c']) await bounded.pages.set(`set1 /${name}`, cachedPage(`<p>${name}</p>`, []));
      redis.pause();
      // The least recently used went first; Redis (bounded by its maxmemory) still had all three.
      expect(await bounded.pages.get('set1 /a')).toBeUndefined();
      expect((await bounded.pages.get('set1 /b'))?.page.html).toBe('<p>b</p>');
      expect((await bounded.pages.get('set1 /c'))?.page.html).toBe('<p>c</p>');
    } finally {
      redis.resume();
      await bounded.close();
    }
  });
});
