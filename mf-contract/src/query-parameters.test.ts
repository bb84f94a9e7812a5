import {
  canonicalHeldSearch,
  canonicalSearch,
  declaredQueryAt,
  listParameter,
  needsQueryState,
  oneOfParameter,
  pageParameter,
  pageQueryAt,
  queryStateSearch,
  textParameter,
} from './query-parameters';

const listing = [
  listParameter('diameter_mm'),
  listParameter('grade'),
  oneOfParameter('sort', ['price-asc', 'price-desc', 'name']),
  pageParameter(),
];

describe('a page state’s one URL', () => {
  it('drops what the page does not read, and empty values', () => {
    expect(canonicalSearch('utm_source=x&tag=فولاد&page=2&x=1', [pageParameter(), textParameter('tag')])).toBe(
      `?page=2&tag=${encodeURIComponent('فولاد')}`,
    );
    expect(canonicalSearch('page=&tag=%20', [pageParameter(), textParameter('tag')])).toBe('');
    expect(canonicalSearch('?anything=1', [])).toBe('');
  });

  it('keeps page numbers from 2 up, written plainly: 1 is the default, 0, -1 and abc are no page', () => {
    for (const value of ['1', '0', '00', '-1', 'abc', '2.5', '1e3', ''])
      expect(canonicalSearch(`page=${value}`, [pageParameter()])).toBe('');
    expect(canonicalSearch('page=007', [pageParameter()])).toBe('?page=7');
    expect(canonicalSearch('page=010', [pageParameter()])).toBe('?page=10');
    expect(canonicalSearch('page=99999999999999999999', [pageParameter()])).toBe('?page=99999999999999999999');
    expect(canonicalSearch('page=3&page=4', [pageParameter()])).toBe('?page=3');
  });

  it('keeps a listed value of a one-of, never its default nor anything else', () => {
    const section = [oneOfParameter('section', ['rebar', 'beam'], 'rebar')];
    expect(canonicalSearch('section=beam', section)).toBe('?section=beam');
    expect(canonicalSearch('section=rebar', section)).toBe('');
    expect(canonicalSearch('section=plate', section)).toBe('');
  });

  it('writes one spelling whatever the order, repeats or swapped values of a request', () => {
    const spellings = [
      'diameter_mm=12&diameter_mm=14&sort=price-asc',
      'sort=price-asc&diameter_mm=14&diameter_mm=12',
      'diameter_mm=14&sort=price-asc&diameter_mm=12&diameter_mm=14&page=1',
      'sort=price-asc&sort=name&diameter_mm=12&diameter_mm=14&zz=1',
    ];
    expect(new Set(spellings.map((search) => canonicalSearch(search, listing)))).toEqual(
      new Set(['?diameter_mm=12&diameter_mm=14&sort=price-asc']),
    );
  });

  it('keeps `/` and `:` as written in a value, and writes every other spelling of it one way', () => {
    const redirect = [textParameter('redirect')];
    expect(canonicalSearch('redirect=/panel/order', redirect)).toBe('?redirect=/panel/order');
    expect(canonicalSearch('redirect=%2Fpanel%2Forder', redirect)).toBe('?redirect=/panel/order');
    expect(canonicalSearch('q=%D9%85 x', [textParameter('q')])).toBe('?q=%D9%85+x');
  });

  it('reads a bare name as one free value (manifests of contract 1.5)', () => {
    expect(canonicalSearch('q=a&q=b', ['q'])).toBe('?q=a');
  });

  it('sends 2,000 random queries of a page that reads none to the bare URL', () => {
    const spellings = new Set(Array.from({ length: 2000 }, (_, i) => canonicalSearch(`r${i}=${Math.random()}`, [])));
    expect([...spellings]).toEqual(['']);
  });

  it('gives a part of a `/*` page its own query', () => {
    const tree = {
      path: '/rebar/*',
      query: [],
      subpages: [
        { path: '/rebar/:subcategory', query: listing },
        { path: '/rebar/:subcategory/:product', query: [oneOfParameter('action', ['order', 'watch'])] },
      ],
    };
    expect(declaredQueryAt(tree, '/rebar')).toEqual([]);
    expect(declaredQueryAt(tree, '/rebar/kalaf')).toBe(listing);
    expect(canonicalSearch('page=4&action=order', declaredQueryAt(tree, '/rebar/kalaf/p-1'))).toBe('?action=order');
    expect(canonicalSearch('page=4&action=order', declaredQueryAt(tree, '/rebar/kalaf'))).toBe('?page=4');
  });
});

describe('values a page keeps to its rule and to its state source', () => {
  const held = [
    listParameter('diameter_mm', { held: true }),
    listParameter('width_mm', { type: 'number', held: true }),
    textParameter('date', { type: 'date' }),
    oneOfParameter('sort', ['price-asc', 'name']),
    pageParameter('page', 24),
  ];

  it('drops, without asking anyone, a value too long or not of its type', () => {
    expect(canonicalSearch(`diameter_mm=${'۱'.repeat(3000)}`, held)).toBe('');
    expect(canonicalSearch('width_mm=zzz1&width_mm=12;width_mm=14&width_mm=-3&width_mm=6.5', held)).toBe(
      '?width_mm=6.5',
    );
    expect(canonicalSearch('date=1403%2F12%2F11&date=2025-03-01', held)).toBe('?date=2025-03-01');
    expect(canonicalSearch('date=tomorrow', held)).toBe('');
    expect(canonicalSearch('q=abcd', [textParameter('q', { maxLength: 3 })])).toBe('');
  });

  it('asks the state source only for a held value or a page number', () => {
    expect(needsQueryState('?sort=name', held)).toBe(false);
    expect(needsQueryState('?date=2025-03-01', held)).toBe(false);
    expect(needsQueryState('?diameter_mm=12', held)).toBe(true);
    expect(needsQueryState('?page=3', held)).toBe(true);
    expect(queryStateSearch('?diameter_mm=12&sort=name&page=3', held)).toBe('?diameter_mm=12&sort=name');
  });

  it('drops a value the source does not hold, and sends a page past the last to the last', () => {
    const values = { diameter_mm: ['12', '14'], width_mm: ['1000'] };
    expect(canonicalHeldSearch('?diameter_mm=12&diameter_mm=zzz&width_mm=1500', held, { values })).toBe(
      '?diameter_mm=12',
    );
    expect(canonicalHeldSearch('?diameter_mm=12&page=99999', held, { values, total: 49 })).toBe(
      '?diameter_mm=12&page=3',
    );
    expect(canonicalHeldSearch('?page=99999999999999999999999', held, { values, total: 49 })).toBe('?page=3');
    expect(canonicalHeldSearch('?page=2', held, { values, total: 24 })).toBe('');
    expect(canonicalHeldSearch('?page=2', held, { values, total: 25 })).toBe('?page=2');
    // A held value of a path the source knows nothing of: no value is held there.
    expect(canonicalHeldSearch('?diameter_mm=12', held, { values: {} })).toBe('');
  });

  it('gives a part of a `/*` page its own state source', () => {
    const tree = {
      path: '/rebar/*',
      query: [],
      subpages: [{ path: '/rebar/:subcategory', query: held, stateSource: '/s' }],
    };
    expect(pageQueryAt(tree, '/rebar/kalaf')).toEqual({ query: held, stateSource: '/s' });
    expect(pageQueryAt(tree, '/rebar')).toEqual({ query: [], stateSource: null });
  });
});
