import { searchPageHref, searchResultHref, searchQueryText } from './site-search';

describe('site search links', () => {
  it('links each kind of result to its page in the route table', () => {
    const item = { documentId: 'd', slug: 'rebar-kalaf-1', title: 't', subtitle: null };
    expect(searchResultHref('categories', { ...item, slug: 'rebar' })).toBe('/rebar');
    expect(searchResultHref('subCategories', { ...item, slug: 'kalaf', path: 'rebar/kalaf' })).toBe('/rebar/kalaf');
    expect(searchResultHref('products', { ...item, path: 'rebar/kalaf' })).toBe('/rebar/kalaf/rebar-kalaf-1');
    expect(searchResultHref('products', { ...item, path: null })).toBe('/product/rebar-kalaf-1');
    expect(searchResultHref('factories', { ...item, slug: 'esfahan' })).toBe('/factories/esfahan');
    expect(searchResultHref('articles', { ...item, slug: 'news' })).toBe('/blog/news');
  });

  it('makes a search a link, the query trimmed and bounded', () => {
    expect(searchPageHref(' میلگرد ۱۲ ')).toBe(`/search?q=${encodeURIComponent('میلگرد ۱۲').replace(/%20/g, '+')}`);
    expect(searchPageHref('   ')).toBe('/search');
    expect(searchQueryText('x'.repeat(150))).toHaveLength(100);
  });
});
