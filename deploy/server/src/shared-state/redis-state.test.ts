/** @jest-environment node */
import { Redis } from 'ioredis';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { cachedPage, twoServersOnRedis, waitFor } from '../testing/redis-states';
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

  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });
  beforeEach(async () => {
    [serverA, serverB] = await twoServersOnRedis(redis, {
      pages: { maxEntries: 100, maxBytes: Infinity, retryMs: 60_000 },
    });
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
    await serverA.pages.set('set1 /products/rebar', cachedPage('<p>میلگرد</p>', ['products', 'categories']));
    await serverA.pages.set('set1 /blog', cachedPage('<p>بلاگ</p>', ['articles']));
    const seenByB = await serverB.pages.get('set1 /products/rebar');
    expect(seenByB).toMatchObject({
      stale: false,
      retryAt: null,
      page: { html: '<p>میلگرد</p>', collections: ['products', 'categories'], status: 200 },
    });

    expect(await serverB.pages.invalidate(['categories'])).toBe(1);
    expect((await serverA.pages.get('set1 /products/rebar'))?.stale).toBe(true);
    expect((await serverA.pages.get('set1 /blog'))?.stale).toBe(false);
    // Already stale pages are not counted twice; null means every page.
    expect(await serverA.pages.invalidate(null)).toBe(1);
    expect((await serverB.pages.get('set1 /blog'))?.stale).toBe(true);
    // A fresh render replaces the stale copy for both.
    await serverB.pages.set('set1 /blog', cachedPage('<p>بلاگ ۲</p>', ['articles']));
    expect(await serverA.pages.get('set1 /blog')).toMatchObject({ stale: false, page: { html: '<p>بلاگ ۲</p>' } });
  });

  it('lets one server at a time retry a page whose re-render failed, after the pause', async () => {
    const quick = {
      url: redis.url,
      prefix: 'retry-test:',
      pages: { maxEntries: 100, maxBytes: Infinity, retryMs: 300 },
    };
    const [a, b] = [createRedisState(quick), createRedisState(quick)];
    try {
      await waitFor(async () => (await a.hit('warm-up', 1000)) > 0 && (await b.hit('warm-up', 1000)) > 0);
      await a.pages.set('set1 /', cachedPage('<p>خانه</p>', ['products']));
      await a.pages.renderFailed('set1 /');
      expect(await b.pages.get('set1 /')).toMatchObject({ stale: true, page: { html: '<p>خانه</p>' } });
      expect(await b.pages.claimRetry('set1 /')).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 350));
      const claims = await Promise.all([
        a.pages.claimRetry('set1 /'),
        b.pages.claimRetry('set1 /'),
        a.pages.claimRetry('set1 /'),
      ]);
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
    await serverB.counts.add({
      'blog@v2': { [minute]: { view: 2, uncaught: 1 } },
      'catalogue@v7': { [minute]: { view: 5 } },
    });
    await serverA.counts.add({ 'blog@v2': { [minute]: { view: 1 } } });
    const seen = await serverB.counts.read();
    expect(seen).toEqual({
      'blog@v2': { [minute]: { view: 6, load: 1, uncaught: 1 } },
      'catalogue@v7': { [minute]: { view: 5 } },
    });
  });

  it('keeps answering while Redis is down: pages from its own memory, an uncounted hit, a notice heard at home', async () => {
    await serverA.pages.set('set1 /', cachedPage('<p>خانه</p>', ['products']));
    const heard: Notice[] = [];
    serverA.onNotice((notice) => heard.push(notice));
    await redis.stop();
    try {
      await waitFor(async () => (await serverA.hit('down', 60_000)) === 0);
      const started = Date.now();
      expect(await serverA.pages.get('set1 /')).toMatchObject({ stale: false, page: { html: '<p>خانه</p>' } });
      expect(await serverB.pages.get('set1 /')).toBeUndefined();
      expect(await serverA.hit('renders:203.0.113.9', 60_000)).toBe(0);
      await serverA.pages.set('set1 /x', cachedPage('<p>x</p>', []));
      expect(await serverA.pages.get('set1 /x')).toMatchObject({ page: { html: '<p>x</p>' } });
      await serverA.announce({ kind: 'live' });
      expect(heard).toEqual([{ kind: 'live' }]);
      // No request waits for a reconnect.
      expect(Date.now() - started).toBeLessThan(1000);
      // Marked here at once; Redis is told once it is back (page-fallback.test.ts).
      expect(await serverA.pages.invalidate(['products'])).toBe(1);
      expect((await serverA.pages.get('set1 /'))?.stale).toBe(true);
    } finally {
      await redis.restart();
    }
    // Back: the same clients reconnect by themselves.
    await waitFor(async () => (await serverA.hit('after', 60_000)) === 1);
  });
});

/**
 * A hung Redis (SIGSTOP: connections open, nothing answered) costs a request at most one short
 * command timeout, and after that nothing, until it answers again.
 */
describe('shared state with Redis hung', () => {
  let redis: TestRedis;
  const connected = async (state: SharedState) => waitFor(async () => (await state.hit('warm-up', 1000)) > 0);

  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  const stateWithLog = (prefix = `hung${Math.random().toString(36).slice(2, 8)}:`) => {
    const log: string[] = [];
    const state = createRedisState({
      url: redis.url,
      prefix,
      pages: { maxEntries: 100, maxBytes: Infinity, retryMs: 60_000 },
      breakerPauseMs: { first: 500, max: 2000 },
      onError: (line) => log.push(line),
    });
    return { state, log };
  };
  const timed = async <T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> => {
    const started = Date.now();
    const result = await call();
    return { result, ms: Date.now() - started };
  };

  it('answers each operation within a short bound, as when Redis is down', async () => {
    // One state per operation: each meets the hung Redis with its breaker still closed.
    const states = Array.from({ length: 7 }, () => stateWithLog());
    const heard: Notice[] = [];
    states[3]!.state.onNotice((notice) => heard.push(notice));
    try {
      for (const { state } of states) await connected(state);
      await states[0]!.state.pages.set('set1 /', cachedPage('<p>خانه</p>'));
      expect(await states[0]!.state.pages.get('set1 /')).toBeDefined();
      redis.pause();
      const [get, set, hit, announce, add, read, claim] = states.map(({ state }) => state);
      const outcomes = [
        await timed(() => get!.pages.get('set1 /')),
        await timed(() => set!.pages.set('set1 /x', cachedPage('<p>x</p>'))),
        await timed(() => hit!.hit('renders:203.0.113.9', 60_000)),
        await timed(() => announce!.announce({ kind: 'live' })),
        await timed(() =>
          add!.counts.add({ 'blog@v2': { '0': { view: 1 } } }).then(
            () => 'added',
            (error: Error) => error.message,
          ),
        ),
        await timed(() =>
          read!.counts.read().then(
            () => 'read',
            (error: Error) => error.message,
          ),
        ),
        await timed(() => claim!.pages.claimRetry('set1 /')),
      ];
      for (const { ms } of outcomes) expect(ms).toBeLessThan(500);
      // The page from this server's memory, nothing to wait for, an uncounted hit, a notice heard here, counts not taken, no retry.
      const fromMemory = { page: expect.objectContaining({ html: '<p>خانه</p>' }), stale: false, retryAt: null };
      expect(outcomes.map(({ result }) => result)).toEqual([
        fromMemory,
        undefined,
        0,
        undefined,
        'Redis did not answer within 100 ms',
        'Redis did not answer within 100 ms',
        false,
      ]);
      expect(heard).toEqual([{ kind: 'live' }]);
      // Each state's breaker opened: one line each, not one per request.
      for (const { log } of states)
        expect(log).toEqual([expect.stringContaining('Redis unavailable (Redis did not answer within 100 ms)')]);
    } finally {
      redis.resume();
      await Promise.all(states.map(({ state }) => state.close()));
    }
  });

  it('stops asking Redis once a command has timed out, lets one probe through after the pause, and recovers', async () => {
    const admin = new Redis(redis.url);
    const { state, log } = stateWithLog('hung-shared:');
    const other = stateWithLog('hung-shared:').state;
    const heardByOther: Notice[] = [];
    other.onNotice((notice) => heardByOther.push(notice));
    try {
      await connected(state);
      await connected(other);
      await admin.config('RESETSTAT');
      redis.pause();
      try {
        // The first command waits for its timeout and opens the breaker…
        expect(await state.pages.get('set1 /')).toBeUndefined();
        // …after which 20 calls in a row do not wait at all (20 timeouts would be 2 s).
        const { ms } = await timed(async () => {
          for (let call = 0; call < 5; call += 1) {
            // (From the second call on, the page set here is read from this server's memory.)
            await state.pages.get('set1 /');
            await state.pages.set('set1 /', cachedPage('<p>خانه</p>'));
            expect(await state.hit('renders:203.0.113.9', 60_000)).toBe(0);
            await state.announce({ kind: 'content', collections: ['products'] });
          }
        });
        expect(ms).toBeLessThan(500);
        // Marked in this server's memory (the page set here), kept for Redis.
        await state.pages.set('set1 /', cachedPage('<p>خانه</p>'));
        expect(await state.pages.invalidate(['products'])).toBe(1);
        // Past the pause, one of these is let through as a probe, meets the hung Redis, and the breaker stays open.
        await new Promise((resolve) => setTimeout(resolve, 600));
        await Promise.all(Array.from({ length: 10 }, () => state.pages.get('set1 /')));
        expect(log).toEqual([expect.stringContaining('Redis unavailable (Redis did not answer within 100 ms)')]);
        // Closing while Redis is hung does not wait for it.
        const closing = await timed(() => stateWithLog().state.close());
        expect(closing.ms).toBeLessThan(500);
      } finally {
        redis.resume();
      }
      // What was sent while Redis was hung, and so ran when it woke: the first read and the one probe, nothing else.
      await waitFor(async () => (await commandCalls(admin)).hgetall === 2);
      expect(await commandCalls(admin)).toEqual({ hgetall: 2 });
      // Awake: a probe closes the breaker (the pause has doubled to 1 s), and the cache is shared again.
      await waitFor(async () => {
        await state.pages.set('set1 /after', cachedPage('<p>پس از</p>'));
        return (await other.pages.get('set1 /after'))?.page.html === '<p>پس از</p>';
      });
      expect(log).toEqual([
        expect.stringContaining('Redis unavailable'),
        expect.stringContaining('Redis answers again'),
      ]);
      // The subscriber hears notices again (a 'content' one sent while hung may arrive too, late).
      await waitFor(async () => {
        await state.announce({ kind: 'live' });
        return heardByOther.some((notice) => notice.kind === 'live');
      });
    } finally {
      redis.resume();
      await state.close();
      await other.close();
      admin.disconnect();
    }
  });
});

/** Calls per command since the last CONFIG RESETSTAT (INFO and CONFIG themselves left out). */
async function commandCalls(admin: Redis): Promise<Record<string, number>> {
  const calls: Record<string, number> = {};
  for (const [, command, count] of (await admin.info('commandstats')).matchAll(/^cmdstat_(\w+):calls=(\d+)/gm)) {
    if (command !== 'info' && command !== 'config') calls[command!] = Number(count);
  }
  return calls;
}
