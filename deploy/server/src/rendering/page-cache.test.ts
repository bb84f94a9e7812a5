/** @jest-environment node */
import { PageCache } from './page-cache';

const page = (collections: string[]) => ({ status: 200, html: '<p></p>', etag: 'W/"x"', collections, renderedAt: 0 });

describe('the cache of rendered pages', () => {
  it('keys pages by live set and URL, so a deploy never serves an old render', () => {
    const cache = new PageCache(10);
    cache.set(PageCache.key('live-a', '/blog'), page(['articles']));
    expect(cache.get(PageCache.key('live-a', '/blog'))).toBeDefined();
    expect(cache.get(PageCache.key('live-b', '/blog'))).toBeUndefined();
    expect(cache.get(PageCache.key('live-a', '/blog?page=2'))).toBeUndefined();
  });

  it('turns stale exactly the pages that read a changed collection, keeping them as their last good render', () => {
    const cache = new PageCache(10);
    cache.set('a /blog', page(['articles']));
    cache.set('a /rebar/kalaf', page(['products']));
    cache.set('a /', page([]));
    expect(cache.invalidate(['articles'])).toBe(1);
    expect(cache.get('a /blog')).toMatchObject({ stale: true, retryAt: null });
    expect(cache.get('a /rebar/kalaf')?.stale).toBe(false);
    expect(cache.invalidate(null)).toBe(2);
    expect(cache.size).toBe(3);
    // A fresh render replaces the stale one.
    cache.set('a /blog', page(['articles']));
    expect(cache.get('a /blog')?.stale).toBe(false);
  });

  it('after a failed re-render, allows one retry per interval', () => {
    let now = 1000;
    const cache = new PageCache(10, 500, () => now);
    cache.set('a /', page([]));
    expect(cache.claimRetry('a /')).toBe(false); // nothing failed
    cache.renderFailed('a /');
    expect(cache.get('a /')).toMatchObject({ stale: true, retryAt: 1500 });
    expect(cache.claimRetry('a /')).toBe(false);
    now = 1500;
    expect(cache.claimRetry('a /')).toBe(true);
    expect(cache.claimRetry('a /')).toBe(false);
    now = 2000;
    expect(cache.claimRetry('a /')).toBe(true);
    expect(cache.claimRetry('a /unknown')).toBe(false);
  });

  it('lets the least recently used page go when full, fresh or stale alike', () => {
    const cache = new PageCache(2);
    cache.set('a /1', page([]));
    cache.set('a /2', page([]));
    cache.invalidate(null);
    cache.get('a /1');
    cache.set('a /3', page([]));
    expect(cache.get('a /2')).toBeUndefined();
    expect(cache.get('a /1')).toBeDefined();
    expect(cache.get('a /3')).toBeDefined();
  });
});
