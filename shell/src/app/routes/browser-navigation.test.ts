import { opensAnotherPage } from './browser-navigation';

describe('which navigation starts the new page at its top', () => {
  const here = 'http://localhost/rebar/kalaf?sort=price-asc';

  it('a link to another path', () => {
    expect(opensAnotherPage({ kind: 'push', target: '/weight_table' }, here)).toBe(true);
    expect(opensAnotherPage({ kind: 'push', target: '/blog/rebar-price-guide?x=1' }, here)).toBe(true);
  });

  it('not a new query on the same page, a replace, an anchor or a full page load', () => {
    expect(opensAnotherPage({ kind: 'push', target: '/rebar/kalaf?sort=price-desc' }, here)).toBe(false);
    expect(opensAnotherPage({ kind: 'replace', target: '/weight_table' }, here)).toBe(false);
    expect(opensAnotherPage({ kind: 'push', target: '/rules#payment' }, here)).toBe(false);
    expect(opensAnotherPage({ kind: 'full', href: 'https://example.com/' }, here)).toBe(false);
  });
});
