/** @jest-environment node */
import { PageCache } from './page-cache';

const page = (collections: string[], html = '<p></p>') => ({
  status: 200,
  html,
  etag: 'W/"x"',
  collections,
  renderedAt: 0,
});

describe('the cache of rendered pages', () => {
  it('keys pages by live set and URL, so a deploy never serves an old render', () => {
    const cache = new PageCache({ maxEntries: 10 });
    cache.set(PageCache.key('live-a', '/blog'), page(['articles']));
    expect(cache.get(PageCache.key('live-a', '/blog'))).toBeDefined();
    expect(cache.get(PageCache.key('live-b', '/blog'))).toBeUndefined();
    expect(cache.get(PageCache.key('live-a', '/blog?page=2'))).toBeUndefined();
  });

  it('turns stale exactly the pages that read a changed collection, keeping them as their last good render', () => {
    const cache = new PageCache({ maxEntries: 10 });
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
    const cache = new PageCache({ maxEntries: 10, retryMs: 500, now: () => now });
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
    const cache = new PageCache({ maxEntries: 2 });
    cache.set('a /1', page([]));
    cache.set('a /2', page([]));
    cache.invalidate(null);
    cache.get('a /1');
    cache.set('a /3', page([]));
    expect(cache.get('a /2')).toBeUndefined();
    expect(cache.get('a /1')).toBeDefined();
    expect(cache.get('a /3')).toBeDefined();
  });

  it('keeps the pages within a byte bound: the least recently used go, last good renders alike', () => {
    // Two bytes a character: each of these pages counts 2000 bytes.
    const cache = new PageCache({ maxEntries: 100, maxBytes: 5000 });
    cache.set('a /1', page([], 'ب'.repeat(1000)));
    cache.set('a /2', page([], 'ب'.repeat(1000)));
    cache.invalidate(null);
    cache.get('a /1');
    cache.set('a /3', page([], 'ب'.repeat(1000)));
    expect(cache.get('a /2')).toBeUndefined();
    expect(cache.get('a /1')?.stale).toBe(true);
    expect(cache.sizeBytes).toBe(4000);
    // A new render of a page replaces its bytes, not adds to them.
    cache.set('a /1', page([], 'ب'.repeat(500)));
    expect(cache.sizeBytes).toBe(3000);
  });

  it('does not keep a page larger than the whole bound, and keeps the older copy as its last good render', () => {
    const cache = new PageCache({ maxEntries: 100, maxBytes: 5000 });
    cache.set('a /', page([], 'old'));
    cache.invalidate(null);
    cache.set('a /', page([], 'ب'.repeat(3000)));
    expect(cache.get('a /')).toMatchObject({ stale: true, page: { html: 'old' } });
    expect(cache.sizeBytes).toBe(6);
  });
});
