'use strict';

// What the app server asks before it renders a page with a query (src/api/page-state): the values
// a page's filters may take and how many items a state lists, on the seeded content.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get } = require('./helpers');

const stateOf = async (kind, query) => {
  const r = await get(`/page-state/${kind}?${new URLSearchParams(query)}`);
  assert.equal(r.status, 200, r.text);
  return r.body;
};

test('a listing: every value of each attribute its products have, and how many a filter leaves', async () => {
  const all = await stateOf('listing', { path: '/rebar/kalaf' });
  assert.deepEqual(all.collections, ['products', 'sub-categories']);
  assert.ok(all.values.diameter_mm.includes('8'), JSON.stringify(all.values.diameter_mm));
  assert.ok(all.values.grade.length > 0);
  assert.ok(all.total >= 3);
  const eight = await stateOf('listing', [
    ['path', '/rebar/kalaf'],
    ['diameter_mm', '8'],
  ]);
  assert.ok(eight.total >= 1 && eight.total < all.total, `${eight.total} of ${all.total}`);
  // The values stay every value of the path, whatever is ticked.
  assert.deepEqual(eight.values, all.values);
  const none = await stateOf('listing', [
    ['path', '/rebar/kalaf'],
    ['diameter_mm', 'zzz1'],
  ]);
  assert.ok(!none.values.diameter_mm.includes('zzz1'));
});

test('a listing of no sub-category holds no value and lists nothing', async () => {
  assert.deepEqual(await stateOf('listing', { path: '/rebar/no-such-thing', diameter_mm: '8' }), {
    values: {},
    total: 0,
    collections: ['products', 'sub-categories'],
  });
});

test('the blog: the tags of the published articles, and how many a tag lists', async () => {
  const all = await stateOf('articles', {});
  assert.ok(all.values.tag.length > 0);
  assert.ok(all.total > 0);
  const tagged = await stateOf('articles', { tag: all.values.tag[0] });
  assert.ok(tagged.total >= 1 && tagged.total <= all.total);
  assert.equal((await stateOf('articles', { tag: 'برچسبی که نیست' })).total, 0);
});

test('the factories and the exchange: the provinces, groups, producers and dates they have', async () => {
  const factories = await stateOf('factories', {});
  assert.ok(factories.values.province.length > 0);
  const offers = await stateOf('exchange-offers', {});
  for (const name of ['group', 'producer', 'date']) assert.ok(offers.values[name].length > 0, name);
  assert.ok(offers.values.date.every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date)));
  const oneDay = await stateOf('exchange-offers', { date: offers.values.date[0] });
  assert.ok(oneDay.total >= 1 && oneDay.total <= offers.total);
});
