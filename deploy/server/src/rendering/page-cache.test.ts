/** @jest-environment node */
import { PageCache } from './page-cache';

const page = (collections: string[]) => ({ status: 200, html: '<p></p>', etag: 'W/"x"', collections });

describe('the cache of rendered pages', () => {
  it('keys pages by live set and URL, so a deploy never serves an old render', () => {
    const cache = new PageCache(10);
    cache.set(PageCache.key('live-a', '/blog'), page(['articles']));
    expect(cache.get(PageCache.key('live-a', '/blog'))).toBeDefined();
    expect(cache.get(PageCache.key('live-b', '/blog'))).toBeUndefined();
    expect(cache.get(PageCache.key('live-a', '/blog?page=2'))).toBeUndefined();
  });

  it('drops exactly the pages that read a changed collection', () => {
    const cache = new PageCache(10);
    cache.set('a /blog', page(['articles']));
    cache.set('a /rebar/kalaf', page(['products']));
    cache.set('a /', page([]));
    expect(cache.invalidate(['articles'])).toBe(1);
    expect(cache.get('a /blog')).toBeUndefined();
    expect(cache.get('a /rebar/kalaf')).toBeDefined();
    expect(cache.invalidate(null)).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('lets the least recently used page go when full', () => {
    const cache = new PageCache(2);
    cache.set('a /1', page([]));
    cache.set('a /2', page([]));
    cache.get('a /1');
    cache.set('a /3', page([]));
    expect(cache.get('a /2')).toBeUndefined();
    expect(cache.get('a /1')).toBeDefined();
    expect(cache.get('a /3')).toBeDefined();
  });
});
