import { listingSearch, parseListingSearch, toggleFilter } from './listing-url';

const attributes = ['diameter_mm', 'grade', 'producer'];
const parse = (query: string) => parseListingSearch(new URLSearchParams(query), attributes);

describe('listing state ⇄ URL query', () => {
  it('reads repeated attribute keys, sort and page', () => {
    expect(parse('diameter_mm=12&diameter_mm=14&grade=A3&sort=price-asc&page=2')).toEqual({
      filters: { diameter_mm: ['12', '14'], grade: ['A3'] },
      sort: 'price-asc',
      page: 2,
      view: null,
    });
  });

  it('drops keys the sub-category does not list, unknown sorts and bad pages', () => {
    expect(parse('colour=red&sort=random&page=-3')).toEqual({ filters: {}, sort: null, page: 1, view: null });
    expect(parse('page=abc').page).toBe(1);
    expect(parse('diameter_mm=&diameter_mm=12&diameter_mm=12').filters).toEqual({ diameter_mm: ['12'] });
  });

  it('writes one stable order and leaves defaults out', () => {
    expect(
      listingSearch(
        { filters: { grade: ['A3'], diameter_mm: ['12', '14'] }, sort: 'name', page: 3, view: null },
        attributes,
      ),
    ).toBe('?diameter_mm=12&diameter_mm=14&grade=A3&sort=name&page=3');
    expect(listingSearch({ filters: {}, sort: null, page: 1, view: null }, attributes)).toBe('');
  });

  it('round-trips Persian values', () => {
    const state = { filters: { producer: ['ذوب آهن اصفهان'] }, sort: null, page: 1, view: null };
    expect(parse(listingSearch(state, attributes).slice(1))).toEqual(state);
  });

  it('the price table view: the same filters and sort, no page', () => {
    expect(parse('grade=A3&view=prices&sort=price-desc&page=3')).toEqual({
      filters: { grade: ['A3'] },
      sort: 'price-desc',
      page: 1,
      view: 'prices',
    });
    expect(parse('view=cards').view).toBeNull();
    expect(listingSearch({ filters: { grade: ['A3'] }, sort: 'price-asc', page: 1, view: 'prices' }, attributes)).toBe(
      '?grade=A3&sort=price-asc&view=prices',
    );
  });

  it('a filter change returns to page 1; unticking the last value removes the key', () => {
    const state = parse('diameter_mm=12&page=4');
    expect(toggleFilter(state, 'diameter_mm', '14')).toEqual({
      filters: { diameter_mm: ['12', '14'] },
      sort: null,
      page: 1,
      view: null,
    });
    expect(toggleFilter(state, 'diameter_mm', '12')).toEqual({ filters: {}, sort: null, page: 1, view: null });
  });
});
