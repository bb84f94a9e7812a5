import { hrefWithPage, pageFromQuery } from './page-query';

describe('pageFromQuery', () => {
  it.each([
    ['', 1],
    ['page=3', 3],
    ['page=0', 1],
    ['page=-2', 1],
    ['page=2.7', 2],
    ['page=abc', 1],
  ])('?%s is page %i', (query, page) => {
    expect(pageFromQuery(new URLSearchParams(query))).toBe(page);
  });
});

describe('hrefWithPage', () => {
  it('keeps the other parameters and sets the page', () => {
    expect(hrefWithPage('/panel/order', new URLSearchParams('status=pending'), 2)).toBe(
      '/panel/order?status=pending&page=2',
    );
  });
  it('leaves page 1 out, so the first page has one address', () => {
    expect(hrefWithPage('/panel/order', new URLSearchParams('page=4'), 1)).toBe('/panel/order');
    expect(hrefWithPage('/panel/order', new URLSearchParams('page=4&status=sent'), 1)).toBe('/panel/order?status=sent');
  });
});
