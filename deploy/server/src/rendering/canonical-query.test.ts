import { canonicalQuery } from './canonical-query';

describe('a page URL as the page cache knows it', () => {
  it('keeps only the parameters the page reads, non-empty, in the request’s order', () => {
    expect(canonicalQuery('utm_source=x&tag=فولاد&page=2&x=1', ['page', 'tag'])).toEqual({
      dropsSomething: true,
      canonical: `?tag=${encodeURIComponent('فولاد')}&page=2`,
      cacheKey: `?page=2&tag=${encodeURIComponent('فولاد')}`,
    });
    expect(canonicalQuery('page=', ['page'])).toMatchObject({ dropsSomething: true, canonical: '' });
  });

  it('leaves a URL that carries nothing else alone, and keys the same parameters in any order alike', () => {
    const a = canonicalQuery('sort=price-asc&diameter_mm=12&diameter_mm=14', ['diameter_mm', 'sort', 'page']);
    const b = canonicalQuery('diameter_mm=12&sort=price-asc&diameter_mm=14', ['diameter_mm', 'sort', 'page']);
    expect(a.dropsSomething).toBe(false);
    expect(a.cacheKey).toBe(b.cacheKey);
    expect(a.cacheKey).toBe('?diameter_mm=12&diameter_mm=14&sort=price-asc');
  });

  it('sends every random query of a page that reads none to the bare URL', () => {
    const keys = new Set(Array.from({ length: 2000 }, (_, i) => canonicalQuery(`r${i}=${Math.random()}`, []).cacheKey));
    expect([...keys]).toEqual(['']);
  });
});
