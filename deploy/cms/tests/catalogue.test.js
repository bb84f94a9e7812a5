'use strict';

// Catalogue reads as the front end makes them: bracket filters, populate, sort, pagination.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get, q, BASE } = require('./helpers');

const CATEGORY_SLUGS = [
  'rebar',
  'iron-beam',
  'sheet',
  'pipe',
  'profile',
  'wire-rods',
  'mesh-grids',
  'scrap-iron',
  'corner-gutter',
  'steel-raw-materials',
];

test('health check answers 204', async () => {
  assert.equal((await get('/_health')).status, 204);
});

test('the 10 categories with their groups, in catalogue order', async () => {
  const r = await get('/categories?sort[0]=sort_order:asc&populate[0]=groups&pagination[pageSize]=50');
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(
    r.body.data.map((c) => c.slug),
    CATEGORY_SLUGS,
  );
  assert.equal(r.body.meta.pagination.total, 10);
  const sheet = r.body.data.find((c) => c.slug === 'sheet');
  assert.equal(sheet.title, 'ورق');
  assert.deepEqual(
    sheet.groups.map((g) => g.slug),
    ['coldplate', 'hot-plate', 'steelplate', 'other-sheets'],
  );
  const pipe = r.body.data.find((c) => c.slug === 'pipe');
  assert.deepEqual(
    pipe.groups.map((g) => g.slug),
    ['seamed-pipe', 'seamless-pipe'],
  );
  assert.deepEqual(r.body.data.find((c) => c.slug === 'rebar').groups, []);
});

test('101 sub-categories; those of one category by relation filter, with group', async () => {
  const all = await get('/sub-categories?pagination[pageSize]=1');
  assert.equal(all.body.meta.pagination.total, 101);
  const r = await get(
    '/sub-categories?filters[category][slug][$eq]=pipe&filters[group][$eq]=seamed-pipe&populate[0]=category&sort[0]=sort_order:asc&pagination[pageSize]=100',
  );
  assert.equal(r.status, 200, r.text);
  assert.ok(r.body.data.length > 0);
  for (const s of r.body.data) {
    assert.equal(s.category.slug, 'pipe');
    assert.equal(s.group, 'seamed-pipe');
    assert.ok(s.path.startsWith('pipe/seamed-pipe/'));
  }
  assert.ok(r.body.data.some((s) => s.slug === 'erw'));
});

test('328 products; products of one sub-category with populate, sort and pagination', async () => {
  const all = await get('/products?pagination[pageSize]=1');
  assert.equal(all.body.meta.pagination.total, 328);
  const base =
    '/products?filters[sub_category][path][$eq]=pipe/seamed-pipe/erw&populate[0]=producer&populate[1]=sub_category&populate[2]=images';
  const r = await get(`${base}&sort[0]=price:asc&pagination[pageSize]=24`);
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.data.length, 3);
  const prices = r.body.data.map((p) => Number(p.price));
  assert.deepEqual(
    prices,
    [...prices].sort((a, b) => a - b),
  );
  for (const p of r.body.data) {
    assert.equal(p.sub_category.slug, 'erw');
    assert.equal(p.illustrative, true);
    assert.equal(p.unit, 'kg');
    assert.equal(p.sale_unit, 'branch');
    assert.ok(p.images[0].url.startsWith('/uploads/'));
  }
  const page2 = await get(`${base}&sort[0]=price:asc&pagination[page]=2&pagination[pageSize]=2`);
  assert.equal(page2.body.data.length, 1);
  assert.deepEqual(page2.body.meta.pagination, { page: 2, pageSize: 2, pageCount: 2, total: 3 });
  assert.equal(Number(page2.body.data[0].price), prices[2]);
  const bySlug = await get('/products?filters[sub_category][slug][$eq]=erw&fields[0]=slug&pagination[pageSize]=24');
  assert.equal(bySlug.body.data.length, 3);
});

test('search by Persian text ($containsi) and $or across fields', async () => {
  const r = await get(
    `/products${q([
      ['filters[name][$containsi]', 'میلگرد'],
      ['pagination[pageSize]', '100'],
      ['fields[0]', 'name'],
    ])}`,
  );
  assert.equal(r.status, 200, r.text);
  assert.ok(r.body.meta.pagination.total >= 10);
  for (const p of r.body.data) assert.ok(p.name.includes('میلگرد'), p.name);
  const or = await get(
    `/products${q([
      ['filters[$or][0][name][$containsi]', 'تیرآهن'],
      ['filters[$or][1][name][$containsi]', 'ناودانی'],
      ['pagination[pageSize]', '100'],
    ])}`,
  );
  assert.ok(or.body.data.length > 0);
  for (const p of or.body.data) assert.ok(p.name.includes('تیرآهن') || p.name.includes('ناودانی'), p.name);
  const none = await get(`/products${q([['filters[name][$containsi]', 'ناموجود-هرگز']])}`);
  assert.equal(none.body.data.length, 0);
});

test('product detail by slug: attributes, 90-day price history, producer, image file served', async () => {
  const r = await get(
    '/products?filters[slug][$eq]=sheet-hot-rolled-1&populate[0]=producer&populate[1]=images&populate[2]=sub_category&populate[3]=category',
  );
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.data.length, 1);
  const p = r.body.data[0];
  assert.equal(typeof p.attributes, 'object');
  assert.ok(p.name.length > 0);
  assert.equal(p.category.slug, 'sheet');
  assert.equal(p.price_history.length, 90);
  assert.equal(p.price_history[89].price, Number(p.price));
  assert.match(p.price_history[0].date, /^\d{4}-\d{2}-\d{2}$/);
  const img = await fetch(`${BASE}${p.images[0].url}`);
  assert.equal(img.status, 200);
  assert.match(img.headers.get('content-type'), /image\/svg\+xml/);
  const withProducer = await get(
    '/products?filters[producer][slug][$eq]=mobarakeh-steel&populate[0]=producer&pagination[pageSize]=100',
  );
  assert.ok(withProducer.body.data.length >= 20);
  for (const x of withProducer.body.data) assert.equal(x.producer.name, 'فولاد مبارکه اصفهان');
});

test('factories, experts, services (with scaffold accessories), static pages, articles, exchange offers', async () => {
  const f = await get('/factories?pagination[pageSize]=50&sort[0]=slug:asc&populate[0]=logo');
  assert.equal(f.body.meta.pagination.total, 15);
  assert.ok(f.body.data.some((x) => x.slug === 'esfahan-steel' && x.name === 'ذوب آهن اصفهان'));
  const e = await get('/experts?populate[0]=photo');
  assert.ok(e.body.data.length >= 4);
  assert.ok(e.body.data.every((x) => x.photo && x.photo.url && Array.isArray(x.specialities) && x.phone));
  const s = await get('/services?filters[kind][$eq]=scaffold_accessory');
  assert.ok(s.body.data.length >= 3);
  const pages = await get('/static-pages?fields[0]=slug&sort[0]=slug:asc');
  assert.deepEqual(
    pages.body.data.map((p) => p.slug),
    ['about-us', 'contact-us', 'export', 'rules'],
  );
  const a = await get('/articles?populate[0]=cover&sort[0]=publish_date:desc&pagination[pageSize]=50');
  assert.ok(a.body.data.length >= 12);
  assert.ok(
    a.body.data.every(
      (x) => x.cover && x.cover.url && x.title && x.slug && x.excerpt && x.body && Array.isArray(x.tags) && x.author,
    ),
  );
  const since = new Date(Date.now() - 31 * 86400e3).toISOString().slice(0, 10);
  const o = await get(
    `/exchange-offers?filters[offer_date][$gte]=${since}&sort[0]=offer_date:desc&pagination[pageSize]=100`,
  );
  assert.ok(o.body.meta.pagination.total >= 40);
  const offer = o.body.data[0];
  for (const k of [
    'offer_code',
    'commodity',
    'producer',
    'base_price',
    'offered_volume',
    'contract_type',
    'delivery_place',
    'offer_date_jalali',
  ])
    assert.ok(offer[k] !== undefined && offer[k] !== null, k);
  const older = await get(`/exchange-offers?filters[offer_date][$lt]=${since}`);
  assert.equal(older.body.data.length, 0);
  // Whatever the weekday (no sessions on Thursday and Friday), the next session's offers are listed.
  const today = new Date().toISOString().slice(0, 10);
  const coming = await get(`/exchange-offers?filters[offer_date][$gte]=${today}&filters[trade_status][$eq]=scheduled`);
  assert.ok(coming.body.data.length >= 4, `scheduled offers from ${today}: ${coming.body.data.length}`);
});

test('published content is read-only for everyone', async () => {
  const r = await fetch(`${BASE}/api/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { name: 'x', slug: 'x' } }),
  });
  assert.ok([403, 404, 405].includes(r.status), String(r.status));
});

// The catalogue views (src/api/catalogue): what the sub-category, category and home pages read.
test("listing: a sub-category's products as the CMS holds them, with facets and daily change", async () => {
  const plain = await get(
    '/products?filters[sub_category][path][$eq]=rebar/kalaf&fields[0]=slug&fields[1]=price&pagination[pageSize]=100',
  );
  const r = await get('/catalogue/listing?path=rebar/kalaf');
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.total, plain.body.meta.pagination.total);
  assert.deepEqual(new Set(r.body.products.map((p) => p.slug)), new Set(plain.body.data.map((p) => p.slug)));
  for (const p of r.body.products) {
    assert.equal(typeof p.price, 'number');
    assert.equal(p.price, Number(plain.body.data.find((x) => x.slug === p.slug).price));
    assert.equal(p.price_history, undefined, 'the history stays out of lists');
    assert.equal(typeof p.change.delta, 'number');
    assert.match(p.image.url, /^\/uploads\//, "the first image, for the list's thumbnail");
  }
  const diameters = r.body.facets.find((f) => f.attribute === 'diameter_mm');
  assert.equal(
    diameters.values.reduce((sum, v) => sum + v.count, 0),
    r.body.total,
  );
});

test('listing: filter, sort and an ignored unknown value in one request', async () => {
  const all = await get('/catalogue/listing?path=rebar/kalaf');
  const value = all.body.facets.find((f) => f.attribute === 'diameter_mm').values[0];
  const r = await get(
    `/catalogue/listing${q([
      ['path', 'rebar/kalaf'],
      ['f[diameter_mm][0]', value.value],
      ['f[diameter_mm][1]', 'no-such'],
      ['sort', 'price-desc'],
    ])}`,
  );
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.body.filters, { diameter_mm: [value.value] });
  assert.equal(r.body.total, value.count);
  assert.ok(r.body.products.every((p) => String(p.attributes.diameter_mm) === value.value));
  const sorted = await get('/catalogue/listing?path=rebar/kalaf&sort=price-desc');
  const prices = sorted.body.products.map((p) => p.price);
  assert.deepEqual(
    prices,
    [...prices].sort((a, b) => b - a),
  );
});

test('listing: no path is a 400, an unknown path a 404, both in JSON', async () => {
  const missing = await get('/catalogue/listing');
  assert.equal(missing.status, 400);
  assert.match(missing.body.error.message, /path/);
  assert.equal((await get('/catalogue/listing?path=rebar/nope')).status, 404);
});

test('overview: count and lowest price of every sub-category of a category', async () => {
  const r = await get('/catalogue/overview?category=pipe');
  assert.equal(r.status, 200, r.text);
  const total = await get('/products?filters[category][slug][$eq]=pipe&pagination[pageSize]=1');
  assert.equal(
    r.body.subcategories.reduce((sum, s) => sum + s.count, 0),
    total.body.meta.pagination.total,
  );
  const one = r.body.subcategories[0];
  const cheapest = await get(
    `/products?filters[sub_category][path][$eq]=${encodeURIComponent(one.path)}&sort[0]=price:asc&fields[0]=price&pagination[pageSize]=1`,
  );
  assert.equal(one.minPrice, Number(cheapest.body.data[0].price));
});

test('price board: a few products of each of the 10 categories', async () => {
  const r = await get('/catalogue/price-board?perCategory=2');
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(
    r.body.categories.map((c) => c.slug),
    CATEGORY_SLUGS,
  );
  for (const c of r.body.categories) {
    assert.match(c.image.url, /^\/uploads\//, 'the category picture for the home grid');
    assert.ok(c.products.length > 0 && c.products.length <= 2);
    assert.ok(c.products.every((p) => p.sub_category.path.startsWith(`${c.slug}/`)));
  }
});

test("price table: a sub-category's every product, filtered and sorted as its listing; a group's and a category's; 404 elsewhere", async () => {
  const r = await get('/catalogue/price-table?path=rebar/kalaf&sort=price-desc');
  assert.equal(r.status, 200, r.text);
  const direct = await get(
    '/products?filters[sub_category][path][$eq]=rebar/kalaf&fields[0]=name&pagination[pageSize]=1',
  );
  assert.equal(r.body.total, direct.body.meta.pagination.total, 'every product, one page');
  assert.equal(r.body.products.length, r.body.total);
  assert.equal(r.body.pageCount, 1);
  const prices = r.body.products.map((p) => p.price).filter((price) => price > 0);
  assert.deepEqual(
    prices,
    [...prices].sort((a, b) => b - a),
    'dearest first',
  );
  for (const p of r.body.products) {
    assert.equal(p.image, null, 'no pictures in a table');
    assert.equal(p.sub_category.path, 'rebar/kalaf');
    assert.match(p.updatedAt, /^\d{4}-\d\d-\d\dT/);
  }
  const diameter = r.body.facets.find((f) => f.attribute === 'diameter_mm').values[0].value;
  const filtered = await get(`/catalogue/price-table?path=rebar/kalaf&f[diameter_mm]=${diameter}`);
  assert.ok(filtered.body.total > 0 && filtered.body.total <= r.body.total);
  assert.ok(filtered.body.products.every((p) => String(p.attributes.diameter_mm) === diameter));

  const group = await get('/catalogue/price-table?path=sheet/coldplate');
  assert.ok(group.body.total > 0);
  assert.ok(group.body.products.every((p) => p.sub_category.path.startsWith('sheet/coldplate/')));
  const category = await get('/catalogue/price-table?path=rebar');
  assert.ok(category.body.total > r.body.total);
  assert.ok(category.body.products.every((p) => p.sub_category.path.startsWith('rebar/')));
  assert.equal((await get('/catalogue/price-table?path=rebar/no-such')).status, 404);
  assert.equal((await get('/catalogue/price-table?path=no-such')).status, 404);
  assert.equal((await get('/catalogue/price-table')).status, 400);
});

test("factory products: the factory's products as listed, by name, each with its address; none for an unknown factory", async () => {
  const r = await get('/catalogue/factory-products?slug=mobarakeh-steel');
  assert.equal(r.status, 200, r.text);
  // The same products in the same order as the plain API sorted by name (the database's collation).
  const direct = await get(
    '/products?filters[producer][slug][$eq]=mobarakeh-steel&sort[0]=name:asc&fields[0]=name&pagination[pageSize]=100',
  );
  assert.ok(r.body.total >= 20);
  assert.equal(r.body.total, direct.body.meta.pagination.total, 'every product of the factory');
  assert.deepEqual(
    r.body.products.map((p) => p.name),
    direct.body.data.map((p) => p.name),
  );
  for (const p of r.body.products) {
    assert.equal(p.producer.slug, 'mobarakeh-steel');
    assert.match(p.sub_category.path, /^[a-z-]+\//);
    assert.match(p.image.url, /^\/uploads\//);
    assert.equal(p.price_history, undefined, 'no history in a list');
    assert.ok(p.change === null || typeof p.change.delta === 'number');
  }
  const unknown = await get('/catalogue/factory-products?slug=no-such-factory');
  assert.deepEqual(unknown.body, { products: [], total: 0 });
  assert.equal((await get('/catalogue/factory-products')).status, 400);
});
