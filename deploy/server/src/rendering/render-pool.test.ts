/** @jest-environment node */
import { RenderPools } from './render-pool';
import { addServerEntries, liveFixture, type Fixture } from '../testing/fixtures';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('render workers per live set', () => {
  let fx: Fixture;
  let pools: RenderPools;

  beforeAll(async () => {
    fx = await liveFixture();
    await addServerEntries(fx);
  }, 30_000);
  afterAll(() => fx.cleanup());
  afterEach(() => pools.close());

  const warm = () => ({
    buildsDir: fx.buildsDir,
    versions: { shell: fx.versions.shell, catalogue: fx.versions.catalogue },
  });

  it('keeps a bounded number of pools, closing the least recently used one for a new live set', async () => {
    pools = new RenderPools({ threads: 1, maxPools: 2 });
    await pools.prepare('a', warm());
    await pools.prepare('b', warm());
    // Asked for again: no new threads.
    await pools.prepare('a', warm());
    expect(pools.stats()).toEqual({ started: 2, live: ['a', 'b'] });
    // A third live set: b, the least recently used, makes room.
    await pools.prepare('c', warm());
    expect(pools.stats()).toEqual({ started: 3, live: ['a', 'c'] });
  }, 30_000);

  it('closes the pools of live sets no longer served, once their grace has passed', async () => {
    pools = new RenderPools({ threads: 1 });
    await pools.prepare('before the deploy', warm());
    await pools.prepare('after the deploy', warm());
    // Just used: kept for the requests that chose their live set a moment ago.
    pools.keepOnly(['after the deploy']);
    expect(pools.stats().live).toEqual(['before the deploy', 'after the deploy']);
    pools.keepOnly(['after the deploy'], 0);
    expect(pools.stats().live).toEqual(['after the deploy']);
  }, 30_000);

  it('closes a pool nobody rendered with for its idle time', async () => {
    pools = new RenderPools({ threads: 1, idleMs: 200 });
    await pools.prepare('idle', warm());
    expect(pools.stats().live).toEqual(['idle']);
    let live = pools.stats().live;
    for (let i = 0; i < 40 && live.length; i++) {
      await wait(100);
      live = pools.stats().live;
    }
    expect(live).toEqual([]);
  }, 30_000);

  it('warms every thread of a new pool with the live set’s server entries before its first render', async () => {
    pools = new RenderPools({ threads: 3 });
    await pools.prepare('three-threads', warm());
    // One warm task a thread: piscina gives a task to whichever thread is free, and the barrier
    // keeps a thread from taking a second before every other has taken one.
    expect(pools.warmedThreads('three-threads')).toBe(3);
  }, 30_000);
});
