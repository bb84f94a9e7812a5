/** @jest-environment node */
import type { CachedPage } from '../rendering/page-cache';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { createRedisState } from './redis-state';
import type { Notice, SharedState } from './shared-state';

/**
 * Two app servers' shared state on one real redis-server: what one server learns or stores, the
 * other sees; and Redis going away costs pages their cache, never an error.
 */
describe('shared state in Redis', () => {
  let redis: TestRedis;
  let serverA: SharedState;
  let serverB: SharedState;
  const page = (html: string, collections: string[]): CachedPage => ({ status: 200, html, etag: `"${html}"`, collections, renderedAt: Date.now() });

  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });
  beforeEach(async () => {
    const prefix = `test${Math.random().toString(36).slice(2, 8)}:`;
    const options = { url: redis.url, prefix, pages: { maxEntries: 100, maxBytes: Infinity, retryMs: 60_000 } };
    serverA = createRedisState(options);
    serverB = createRedisState(options);
    await waitFor(async () => (await serverA.hit('warm-up', 1000)) > 0 && (await serverB.hit('warm-up', 1000)) > 0);
  });
  afterEach(async () => {
    await serverA.close();
    await serverB.close();
  });

  it('delivers a notice from one server to both, the announcing one included', async () => {
    const heardA: Notice[] = [];
    const heardB: Notice[] = [];
    serverA.onNotice((notice) => heardA.push(notice));
    serverB.onNotice((notice) => heardB.push(notice));
    // Subscribing is asynchronous: announce until both hear, then check one more goes to both exactly once.
    await waitFor(async () => {
      await serverA.announce({ kind: 'live' });
      return heardA.length > 0 && heardB.length > 0;
    });
    await serverB.announce({ kind: 'content', collections: ['products'] });
    // (A 'live' of the loop above may still be on its way: only the content notices are compared.)
    const content = (heard: Notice[]) => heard.filter((notice) => notice.kind === 'content');
    await waitFor(async () => content(heardA).length === 1 && content(heardB).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(content(heardA)).toEqual([{ kind: 'content', collections: ['products'] }]);
    expect(content(heardB)).toEqual(content(heardA));
  });

  it('shares rendered pages and turns them stale by the collection they read', async () => {
    await serverA.pages.set('set1 /products/rebar', page('<p>میلگرد</p>', ['products', 'categories']));
    await serverA.pages.set('set1 /blog', page('<p>بلاگ</p>', ['articles']));
    const seenByB = await serverB.pages.get('set1 /products/rebar');
    expect(seenByB).toMatchObject({ stale: false, retryAt: null, page: { html: '<p>میلگرد</p>', collections: ['products', 'categories'], status: 200 } });

    expect(await serverB.pages.invalidate(['categories'])).toBe(1);
    expect((await serverA.pages.get('set1 /products/rebar'))?.stale).toBe(true);
    expect((await serverA.pages.get('set1 /blog'))?.stale).toBe(false);
    // Already stale pages are not counted twice; null means every page.
    expect(await serverA.pages.invalidate(null)).toBe(1);
    expect((await serverB.pages.get('set1 /blog'))?.stale).toBe(true);
    // A fresh render replaces the stale copy for both.
    await serverB.pages.set('set1 /blog', page('<p>بلاگ ۲</p>', ['articles']));
    expect(await serverA.pages.get('set1 /blog')).toMatchObject({ stale: false, page: { html: '<p>بلاگ ۲</p>' } });
  });

  it('lets one server at a time retry a page whose re-render failed, after the pause', async () => {
    const quick = { url: redis.url, prefix: 'retry-test:', pages: { maxEntries: 100, maxBytes: Infinity, retryMs: 300 } };
    const [a, b] = [createRedisState(quick), createRedisState(quick)];
    try {
      await waitFor(async () => (await a.hit('warm-up', 1000)) > 0 && (await b.hit('warm-up', 1000)) > 0);
      await a.pages.set('set1 /', page('<p>خانه</p>', ['products']));
      await a.pages.renderFailed('set1 /');
      expect(await b.pages.get('set1 /')).toMatchObject({ stale: true, page: { html: '<p>خانه</p>' } });
      expect(await b.pages.claimRetry('set1 /')).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 350));
      const claims = await Promise.all([a.pages.claimRetry('set1 /'), b.pages.claimRetry('set1 /'), a.pages.claimRetry('set1 /')]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('counts hits across servers in one window, and starts again after it', async () => {
    expect(await serverA.hit('renders:203.0.113.9', 400)).toBe(1);
    expect(await serverB.hit('renders:203.0.113.9', 400)).toBe(2);
    expect(await serverA.hit('renders:203.0.113.9', 400)).toBe(3);
    expect(await serverB.hit('renders:198.51.100.1', 400)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await serverB.hit('renders:203.0.113.9', 400)).toBe(1);
  });

  it('adds up the views and failures both servers count, per version and minute', async () => {
    const minute = String(Math.floor(Date.now() / 60_000) * 60_000);
    await serverA.counts.add({ 'blog@v2': { [minute]: { view: 3, load: 1 } } });
    await serverB.counts.add({ 'blog@v2': { [minute]: { view: 2, uncaught: 1 } }, 'catalogue@v7': { [minute]: { view: 5 } } });
    await serverA.counts.add({ 'blog@v2': { [minute]: { view: 1 } } });
    const seen = await serverB.counts.read();
    expect(seen).toEqual({ 'blog@v2': { [minute]: { view: 6, load: 1, uncaught: 1 } }, 'catalogue@v7': { [minute]: { view: 5 } } });
  });

  it('keeps answering while Redis is down: a miss, an uncounted hit, a notice heard at home', async () => {
    await serverA.pages.set('set1 /', page('<p>خانه</p>', []));
    const heard: Notice[] = [];
    serverA.onNotice((notice) => heard.push(notice));
    await redis.stop();
    try {
      await waitFor(async () => (await serverA.pages.get('set1 /')) === undefined);
      const started = Date.now();
      expect(await serverA.pages.get('set1 /')).toBeUndefined();
      expect(await serverA.hit('renders:203.0.113.9', 60_000)).toBe(0);
      await serverA.pages.set('set1 /x', page('<p>x</p>', []));
      await serverA.announce({ kind: 'live' });
      expect(heard).toEqual([{ kind: 'live' }]);
      // No request waits for a reconnect.
      expect(Date.now() - started).toBeLessThan(1000);
      await expect(serverA.pages.invalidate(['products'])).rejects.toThrow();
    } finally {
      await redis.restart();
    }
    // Back: the same clients reconnect by themselves.
    await waitFor(async () => (await serverA.hit('after', 60_000)) === 1);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
