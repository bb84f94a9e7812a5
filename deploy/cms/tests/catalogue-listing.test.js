'use strict';

// The sub-category listing's rules, without a CMS: filters, facets, sort, pages, daily change.
const test = require('node:test');
const assert = require('node:assert/strict');
const { buildListing, dailyChange, PAGE_SIZE } = require('../src/utils/catalogue-listing');

const product = (n, attributes, price, extra = {}) => ({
  slug: `p-${n}`,
  name: `محصول ${n}`,
  price,
  attributes,
  sort_order: n,
  price_history: [
    { date: '2026-01-01', price: price - 100 },
    { date: '2026-01-02', price },
  ],
  ...extra,
});
const products = [
  product(1, { diameter_mm: 12, grade: 'A3' }, 300),
  product(2, { diameter_mm: 14, grade: 'A3' }, 200),
  product(3, { diameter_mm: 12, grade: 'A2' }, 100),
  product(4, { diameter_mm: 16, grade: 'A3' }, 0),
];
const attributes = ['diameter_mm', 'grade'];

test('no filters: every product in catalogue order, facets with counts', () => {
  const listing = buildListing(products, attributes);
  assert.deepEqual(
    listing.products.map((p) => p.slug),
    ['p-1', 'p-2', 'p-3', 'p-4'],
  );
  assert.equal(listing.total, 4);
  assert.deepEqual(
    listing.facets.find((f) => f.attribute === 'diameter_mm').values.map((v) => [v.value, v.count]),
    [
      ['12', 2],
      ['14', 1],
      ['16', 1],
    ],
  );
});

test('values of one attribute are OR-ed, attributes AND-ed; counts are disjunctive', () => {
  const listing = buildListing(products, attributes, { filters: { diameter_mm: ['12', '14'], grade: 'A3' } });
  assert.deepEqual(
    listing.products.map((p) => p.slug),
    ['p-1', 'p-2'],
  );
  // diameter counts ignore the diameter selection but honour the grade one
  assert.deepEqual(
    listing.facets.find((f) => f.attribute === 'diameter_mm').values.map((v) => [v.value, v.count, v.selected]),
    [
      ['12', 1, true],
      ['14', 1, true],
      ['16', 1, false],
    ],
  );
  assert.deepEqual(
    listing.facets.find((f) => f.attribute === 'grade').values.map((v) => [v.value, v.count]),
    [
      ['A2', 1],
      ['A3', 2],
    ],
  );
});

test('an unknown attribute or value is ignored, not an error', () => {
  const listing = buildListing(products, attributes, { filters: { colour: 'red', diameter_mm: ['99', '12'] } });
  assert.deepEqual(listing.filters, { diameter_mm: ['12'] });
  assert.equal(listing.total, 2);
  const none = buildListing(products, attributes, { filters: { diameter_mm: '99' } });
  assert.deepEqual(none.filters, {});
  assert.equal(none.total, 4);
});

test('a selection no product matches gives an empty page, its value still listed', () => {
  const listing = buildListing(products, attributes, { filters: { diameter_mm: '16', grade: 'A2' } });
  assert.equal(listing.total, 0);
  assert.deepEqual(listing.products, []);
  assert.equal(listing.pageCount, 1);
  assert.ok(listing.facets.find((f) => f.attribute === 'grade').values.some((v) => v.value === 'A2' && v.selected));
});

test('sort by price both ways (no price last) and by Persian name', () => {
  assert.deepEqual(
    buildListing(products, attributes, { sort: 'price-asc' }).products.map((p) => p.slug),
    ['p-3', 'p-2', 'p-1', 'p-4'],
  );
  assert.deepEqual(
    buildListing(products, attributes, { sort: 'price-desc' }).products.map((p) => p.slug),
    ['p-1', 'p-2', 'p-3', 'p-4'],
  );
  const named = [
    product(1, {}, 1, { name: 'ورق' }),
    product(2, {}, 1, { name: 'آهن' }),
    product(3, {}, 1, { name: 'میلگرد' }),
  ];
  assert.deepEqual(
    buildListing(named, [], { sort: 'name' }).products.map((p) => p.name),
    ['آهن', 'میلگرد', 'ورق'],
  );
  assert.equal(buildListing(products, attributes, { sort: 'drop table' }).sort, null);
});

test(`pages of ${PAGE_SIZE}; a page past the end shows the last; junk is page 1`, () => {
  const many = Array.from({ length: 50 }, (_, i) => product(i, { grade: 'A3' }, 1000 + i));
  const second = buildListing(many, attributes, { page: '2' });
  assert.equal(second.pageCount, 3);
  assert.deepEqual([second.page, second.products.length, second.products[0].slug], [2, PAGE_SIZE, `p-${PAGE_SIZE}`]);
  assert.deepEqual(
    [buildListing(many, attributes, { page: '9' }).page, buildListing(many, attributes, { page: '9' }).products.length],
    [3, 2],
  );
  assert.equal(buildListing(many, attributes, { page: '-1' }).page, 1);
  assert.equal(buildListing(many, attributes, { page: 'x' }).page, 1);
});

test('daily change: price now against the day before; none without a history', () => {
  assert.deepEqual(dailyChange({ price: 1100, price_history: [{ price: 1000 }, { price: 1100 }] }), {
    previous: 1000,
    delta: 100,
    percent: 10,
  });
  assert.deepEqual(dailyChange({ price: 990, price_history: [{ price: 1000 }, { price: 990 }] }), {
    previous: 1000,
    delta: -10,
    percent: -1,
  });
  assert.equal(dailyChange({ price: 5, price_history: [] }), null);
  const listed = buildListing(products, attributes).products[0];
  assert.equal(listed.change.delta, 100);
  assert.equal('price_history' in listed, false);
});

test('a whole listing (a price table): every matching product on one page, filters and sort as a page', () => {
  const many = Array.from({ length: PAGE_SIZE + 5 }, (_, n) => product(n + 1, { diameter_mm: 12 + (n % 2) }, 1000 + n));
  const whole = buildListing(
    many,
    attributes,
    { filters: { diameter_mm: ['12'] }, sort: 'price-desc' },
    { whole: true },
  );
  assert.equal(whole.total, 15);
  assert.equal(whole.products.length, 15);
  assert.equal(whole.pageCount, 1);
  assert.deepEqual(
    whole.products.map((p) => p.price),
    whole.products.map((p) => p.price).sort((a, b) => b - a),
  );
  assert.equal(buildListing(many, attributes, {}, { whole: true }).products.length, PAGE_SIZE + 5);
});
