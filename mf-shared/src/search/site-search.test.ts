import { searchPageHref, searchResultGroups, searchResultHref, searchQueryText } from './site-search';

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

describe('search result groups', () => {
  it('keeps the groups that found something, in order, each item with its link and the group its heading', () => {
    const answer = {
      query: 'لوله',
      groups: [
        {
          type: 'categories' as const,
          total: 1,
          items: [{ documentId: 'c', slug: 'pipe', title: 'لوله', subtitle: 'Pipe' }],
        },
        { type: 'subCategories' as const, total: 0, items: [] },
        {
          type: 'products' as const,
          total: 9,
          items: [
            { documentId: 'p', slug: 'pipe-erw-1', title: 'لوله درزدار', subtitle: null, path: 'pipe/seamed-pipe/erw' },
          ],
        },
      ],
    };
    expect(searchResultGroups(answer)).toEqual([
      {
        type: 'categories',
        title: 'دسته‌بندی‌ها',
        total: 1,
        items: [{ ...answer.groups[0]!.items[0], href: '/pipe' }],
      },
      {
        type: 'products',
        title: 'محصولات',
        total: 9,
        items: [{ ...answer.groups[2]!.items[0], href: '/pipe/seamed-pipe/erw/pipe-erw-1' }],
      },
    ]);
    expect(searchResultGroups(undefined)).toEqual([]);
  });
});
