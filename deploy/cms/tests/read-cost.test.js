'use strict';

// The price of a public read (src/utils/read-cost.js) over this app's real content-type schemas,
// and the allowance the limits keep with it (src/utils/cost-allowance.js). No Strapi needed.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const qs = require('qs');
const { priceOfRead, LARGE_FIELD_COST } = require('../src/utils/read-cost');
const { CostAllowance } = require('../src/utils/cost-allowance');

const APP = path.resolve(__dirname, '..');
/** Every model of the app by uid, as Strapi loads them (its upload plugin's file model included). */
const MODELS = new Map();
for (const name of fs.readdirSync(path.join(APP, 'src/api'))) {
  const dir = path.join(APP, 'src/api', name, 'content-types', name);
  if (fs.existsSync(path.join(dir, 'schema.json')))
    MODELS.set(`api::${name}.${name}`, { uid: `api::${name}.${name}`, ...require(path.join(dir, 'schema.json')) });
}
for (const category of fs.readdirSync(path.join(APP, 'src/components')))
  for (const file of fs.readdirSync(path.join(APP, 'src/components', category))) {
    const uid = `${category}.${path.basename(file, '.json')}`;
    MODELS.set(uid, { uid, ...require(path.join(APP, 'src/components', category, file)) });
  }
const uploadDir = path.dirname(require.resolve('@strapi/upload/package.json'));
const fileSchema = require(path.join(uploadDir, 'dist/server/content-types/file.js')).schema;
MODELS.set('plugin::upload.file', { uid: 'plugin::upload.file', ...fileSchema });

/** As many rows as the seed holds, roughly: the price must not depend on them beyond the page. */
const SIZES = { 'api::product.product': 1000, 'api::factory.factory': 40, 'api::article.article': 12 };

const price = (collection, query, { single = false } = {}) =>
  priceOfRead(qs.parse(query, { depth: 20, arrayLimit: 100 }), {
    model: MODELS.get(`api::${collection}.${collection}`),
    models: (uid) => MODELS.get(uid),
    sizeOf: (uid) => SIZES[uid] ?? Infinity,
    single,
  });

test("a product's price history is priced: an un-populated page of 100 costs five times its named fields", () => {
  // A product has two JSON fields (attributes, price_history): 1 + 2 × LARGE_FIELD_COST a row.
  assert.equal(price('product', 'pagination[pageSize]=100'), 100 * (1 + 2 * LARGE_FIELD_COST));
  assert.equal(price('product', 'fields[0]=slug&fields[1]=price&pagination[pageSize]=100'), 100);
  assert.equal(price('product', 'fields[0]=price_history&pagination[pageSize]=100'), 100 * (1 + LARGE_FIELD_COST));
  assert.equal(price('product', 'fields=slug,price_history&pagination[pageSize]=100'), 100 * (1 + LARGE_FIELD_COST));
  // Strapi reads `fields=*` as every field.
  assert.equal(price('product', 'fields=*&pagination[pageSize]=100'), price('product', 'pagination[pageSize]=100'));
  assert.equal(
    price('product', 'fields[0]=slug&populate[producer][fields]=*&pagination[pageSize]=100'),
    price('product', 'fields[0]=slug&populate[0]=producer&pagination[pageSize]=100'),
  );
  // Strapi's default page is 25 entries.
  assert.equal(price('product', ''), 25 * 5);
  assert.equal(price('product', 'pagination[limit]=10'), 10 * 5);
});

test('each populated relation adds its rows, priced by its own fields, nested ones included', () => {
  const plain = price('product', 'fields[0]=slug&pagination[pageSize]=100');
  const producer = price('product', 'fields[0]=slug&populate[producer][fields][0]=slug&pagination[pageSize]=100');
  // One factory row per product, but never more rows than the factories the CMS holds (40).
  assert.equal(producer, plain + 40);
  // A whole factory: its five JSON fields (aka, main_products, facts, sources, uncertain).
  assert.equal(price('product', 'fields[0]=slug&populate[0]=producer&pagination[pageSize]=100'), plain + 40 * 11);
  const nested = price(
    'product',
    'fields[0]=slug&populate[sub_category][fields][0]=path&populate[sub_category][populate][category][fields][0]=slug&pagination[pageSize]=100',
  );
  assert.equal(nested, plain + 100 + 100);
  // The wildcard populates every relation and the images with all their columns.
  const everything = price('product', 'pagination[pageSize]=100&populate=*');
  assert.ok(everything > 3 * price('product', 'pagination[pageSize]=100'), `populate=* priced ${everything}`);
  assert.equal(
    price('product', 'pagination[pageSize]=100&populate=*'),
    price(
      'product',
      'pagination[pageSize]=100&populate[0]=producer&populate[1]=sub_category&populate[2]=category&populate[3]=images',
    ),
  );
});

test('one entry is one row: by id, by a unique field, or a single entry route', () => {
  assert.equal(price('product', 'populate=*', { single: true }), price('product', 'pagination[pageSize]=1&populate=*'));
  assert.equal(
    price('product', 'filters[slug][$eq]=rebar-kalaf-1&populate=*'),
    price('product', 'pagination[pageSize]=1&populate=*'),
  );
  assert.equal(price('product', 'filters[documentId][$in][0]=a&filters[documentId][$in][1]=b&fields[0]=slug'), 2);
  // A filter on a field that is not unique still reads a page.
  assert.equal(price('product', 'filters[unit][$eq]=kg&fields[0]=slug'), 25);
});

test("the site's own reads are cheap; the attack run's are expensive (≥ 250)", () => {
  const EXPENSIVE = 250;
  const site = [
    ['product', 'fields[0]=slug&fields[1]=price&sort[0]=price:asc&pagination[pageSize]=12'],
    // A product page (mf-catalogue product-queries): one record by slug with its price history.
    [
      'product',
      'filters[slug][$eq]=rebar-kalaf-1&fields[0]=slug&fields[1]=name&fields[2]=price_history&populate[sub_category][fields][0]=path&populate[producer][fields][0]=slug&populate[images][fields][0]=url&pagination[pageSize]=1',
    ],
    // Every factory by name, every article (the CMS holds a few dozen).
    ['factory', 'fields[0]=slug&fields[1]=name&fields[2]=main_products&pagination[pageSize]=100'],
    ['article', 'fields[0]=slug&fields[1]=tags&populate[cover][fields][0]=url&pagination[pageSize]=100'],
    ['exchange-offer', 'fields[0]=offer_code&fields[1]=base_price&pagination[pageSize]=100'],
  ];
  for (const [collection, query] of site)
    assert.ok(price(collection, query) < EXPENSIVE, `${collection}?${query} priced ${price(collection, query)}`);
  for (const query of [
    'pagination[pageSize]=100',
    'pagination[pageSize]=100&populate=*',
    'pagination[pageSize]=25&populate=*',
  ])
    assert.ok(price('product', query) >= EXPENSIVE, `products?${query} priced ${price('product', query)}`);
});

test('an allowance admits its burst, then its rate; a read dearer than the burst runs only when nothing is owed', () => {
  const allowance = new CostAllowance({ perSecond: 100, burst: 1000 });
  const t0 = 1_000_000;
  assert.equal(allowance.waitFor('a', 600, t0), 0);
  allowance.charge('a', 600, t0);
  assert.equal(allowance.waitFor('a', 400, t0), 0);
  allowance.charge('a', 400, t0);
  // 1000 owed: 500 more fit once 500 are paid, 5 s later at 100 a second.
  assert.equal(allowance.waitFor('a', 500, t0), 5000);
  assert.equal(allowance.waitFor('a', 500, t0 + 5000), 0);
  // Another key has its own allowance.
  assert.equal(allowance.waitFor('b', 1000, t0), 0);
  // Dearer than the whole burst: only once nothing is owed (10 s after 1000 were charged).
  assert.equal(allowance.waitFor('a', 5000, t0), 10_000);
  assert.equal(allowance.waitFor('a', 5000, t0 + 10_000), 0);
  assert.equal(allowance.owed('a', t0 + 2500), 750);
});
