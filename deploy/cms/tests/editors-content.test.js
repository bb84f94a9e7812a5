'use strict';

// Content is the editors': what an editor deleted or changed stays so across restarts, a crash
// during the first seed and an upgrade from a database seeded before the seed ledger. Run by
// scripts/run-tests.js around its restarts, one step at a time (CMS_CONTENT_STEP):
//   edit           after the first start (the one before it was killed while seeding): the seed is
//                  whole and once; then an editor, in the admin's content manager, deletes a
//                  product, a page and an exchange offer, changes and publishes another page and
//                  changes the seller's phone;
//   after-upgrade  the same database with its ledger removed (as a database of the version before
//                  the ledger) and started again: everything found and recorded, nothing written;
//                  then the editor deletes the seller;
//   after-restart  started again with the ledger: nothing written, the seller stays deleted;
//   production     started in production without SEED_DEMO_CUSTOMER: the demo customer, whose
//                  password the README publishes, can no longer sign in.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const { BASE, api, get, post, q, DEMO } = require('./helpers');
const { loadCatalogue, loadDemoContent } = require('../src/bootstrap/domain');
const { seedParts } = require('../src/bootstrap/seed');
const { LEDGER_TABLE } = require('../src/bootstrap/seed/ledger');
const { queryCmsDatabase } = require('../scripts/lib/cms-database');

const STEP = process.env.CMS_CONTENT_STEP;
const EDITOR = { email: 'editor@example.com', password: 'Editor-1234-x', firstname: 'ویراستار', lastname: 'محتوا' };
// The app server's own reads are not counted by the read limits (on in the rate-limit phase).
const READS = process.env.SITE_READ_SECRET ? { headers: { 'x-site-read': process.env.SITE_READ_SECRET } } : {};

const { products } = loadCatalogue();
const PRODUCT = products[products.length - 1].slug;
const DELETED_PAGE = 'rules';
const EDITED_PAGE = 'about-us';
const EDITED_SUMMARY = 'خلاصه‌ای که ویراستار نوشته است';
const STATIC_PAGES = loadDemoContent().static_pages.length;
const EDITED_PHONE = '02188776655';
// The seller is deleted by the editor in the after-upgrade step: the steps after it find none.
const SELLER_DELETED = STEP === 'after-restart' || STEP === 'production';

const ledger = () => queryCmsDatabase(process.env, `SELECT part, outcome FROM ${LEDGER_TABLE}`);

/** One published entry of `collection` whose `field` is `value`, or undefined. */
async function findOne(collection, field, value) {
  const r = await get(`/${collection}${q([[`filters[${field}][$eq]`, value]])}`, READS);
  assert.equal(r.status, 200, r.text);
  return r.body.data[0];
}

async function total(collection) {
  const r = await get(`/${collection}${q([['pagination[pageSize]', '1']])}`, READS);
  assert.equal(r.status, 200, r.text);
  return r.body.meta.pagination.total;
}

/** Every product slug, page by page. */
async function productSlugs() {
  const slugs = [];
  for (let page = 1; ; page++) {
    const r = await get(
      `/products${q([
        ['fields[0]', 'slug'],
        ['pagination[pageSize]', '100'],
        ['pagination[page]', String(page)],
      ])}`,
      READS,
    );
    assert.equal(r.status, 200, r.text);
    slugs.push(...r.body.data.map((p) => p.slug));
    if (page >= r.body.meta.pagination.pageCount) return slugs;
  }
}

/** The oldest trading day's first offer: the one the editor deletes. */
async function oldestOffer() {
  const r = await get(
    `/exchange-offers${q([
      ['sort[0]', 'offer_date:asc'],
      ['sort[1]', 'offer_code:asc'],
      ['pagination[pageSize]', '1'],
    ])}`,
    READS,
  );
  assert.equal(r.status, 200, r.text);
  return r.body.data[0];
}

/** What every step after the edit finds: the editor's deletions and change, nothing added back. */
async function assertEditorsContentKept() {
  assert.equal(await findOne('products', 'slug', PRODUCT), undefined, `${PRODUCT} stays deleted`);
  assert.equal(await total('products'), products.length - 1);
  assert.equal(await findOne('static-pages', 'slug', DELETED_PAGE), undefined, `${DELETED_PAGE} stays deleted`);
  assert.equal(await total('static-pages'), STATIC_PAGES - 1);
  assert.equal((await findOne('static-pages', 'slug', EDITED_PAGE)).summary, EDITED_SUMMARY);
  const seller = await get('/seller', READS);
  if (SELLER_DELETED) assert.equal(seller.status, 404, 'the seller the editor deleted is not seeded again');
  else assert.equal(seller.body.data.phone, EDITED_PHONE, seller.text);
  const deletedOffer = fs.readFileSync(deletedOfferFile(), 'utf8').trim();
  assert.equal(
    await findOne('exchange-offers', 'offer_code', deletedOffer),
    undefined,
    'the exchange offer stays deleted',
  );
}

// Where the edit step writes which exchange offer it deleted, for the steps after it (same temp dir as the mails).
const deletedOfferFile = () => `${process.env.EMAIL_CAPTURE_FILE}.deleted-offer`;

if (STEP === 'edit')
  test('the first seed, killed part-way, was written whole and once, and recorded part by part', async () => {
    // The first start was killed while it seeded the catalogue (scripts/run-tests.js).
    const crashed = fs.readFileSync(process.env.CMS_CRASH_LOG, 'utf8');
    assert.match(crashed, /\[seed\] catalogue: seeding…/);
    assert.doesNotMatch(crashed, /\[seed\] catalogue: \+/, 'killed before the catalogue was written');
    const slugs = await productSlugs();
    assert.equal(slugs.length, products.length);
    assert.equal(new Set(slugs).size, slugs.length, 'no product twice');
    assert.equal(await total('static-pages'), STATIC_PAGES);
    const expected = seedParts({ NODE_ENV: 'development' }).map((part) => part.name);
    const recorded = (await ledger()).sort((a, b) => a.part.localeCompare(b.part));
    assert.deepEqual(
      recorded,
      expected.sort((a, b) => a.localeCompare(b)).map((part) => ({ part, outcome: 'seeded' })),
    );
  });

/**
 * The admin's content manager, as an editor signed in to the admin panel uses it (no build needed):
 * `editor(method, uid, documentId)` for a collection's entry, `editor.single(method, uid)` for a
 * single type.
 */
async function contentManager() {
  // The first administrator of a fresh database (the admin panel's own first-run form), later signed in.
  const signedIn =
    STEP === 'edit'
      ? await post(`${BASE}/admin/register-admin`, EDITOR)
      : await post(`${BASE}/admin/login`, { email: EDITOR.email, password: EDITOR.password });
  assert.equal(signedIn.status, 200, signedIn.text);
  const token = signedIn.body.data.token;
  const editor = (method, uid, documentId, { action = '', body } = {}) =>
    api(method, `${BASE}/content-manager/collection-types/${uid}/${documentId}${action}`, { token, body });
  editor.single = (method, uid, body) => api(method, `${BASE}/content-manager/single-types/${uid}`, { token, body });
  return editor;
}

if (STEP === 'edit')
  test('an editor deletes a product, a page and an exchange offer and changes a page', async () => {
    const editor = await contentManager();
    const product = await findOne('products', 'slug', PRODUCT);
    assert.equal((await editor('DELETE', 'api::product.product', product.documentId)).status, 200);
    const page = await findOne('static-pages', 'slug', DELETED_PAGE);
    assert.equal((await editor('DELETE', 'api::static-page.static-page', page.documentId)).status, 200);
    const edited = await findOne('static-pages', 'slug', EDITED_PAGE);
    const draft = await editor('PUT', 'api::static-page.static-page', edited.documentId, {
      body: { summary: EDITED_SUMMARY },
    });
    assert.equal(draft.status, 200, draft.text);
    const published = await editor('POST', 'api::static-page.static-page', edited.documentId, {
      action: '/actions/publish',
      body: {},
    });
    assert.equal(published.status, 200, published.text);
    const offer = await oldestOffer();
    assert.equal((await editor('DELETE', 'api::exchange-offer.exchange-offer', offer.documentId)).status, 200);
    fs.writeFileSync(deletedOfferFile(), offer.offer_code);
    const seller = await editor.single('PUT', 'api::seller.seller', { phone: EDITED_PHONE });
    assert.equal(seller.status, 200, seller.text);
    await assertEditorsContentKept();
  });

if (STEP === 'after-upgrade')
  test('a database seeded before the ledger: every part is found and recorded, nothing is written again', async () => {
    const migrations = await queryCmsDatabase(
      process.env,
      "SELECT name FROM strapi_migrations WHERE name LIKE '%seed-ledger%'",
    );
    assert.equal(migrations.length, 1, 'the ledger came back through its migration');
    const rows = await ledger();
    const names = rows.map((row) => row.part);
    for (const part of ['catalogue', 'editorial', 'commerce', 'seller', 'demo-customer'])
      assert.ok(names.includes(part), part);
    assert.deepEqual(
      rows.filter((row) => row.outcome !== 'found'),
      [],
      'nothing seeded on a database that had it all',
    );
    await assertEditorsContentKept();
  });

if (STEP === 'after-upgrade')
  test('the editor deletes the seller (the steps after this one find it still deleted)', async () => {
    const editor = await contentManager();
    const deleted = await editor.single('DELETE', 'api::seller.seller');
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal((await get('/seller', READS)).status, 404);
  });

if (STEP === 'after-restart')
  test('restarted: the editors\u2019 deletions and change are kept, nothing is seeded again', async () => {
    const rows = await ledger();
    assert.deepEqual(
      rows.filter((row) => !row.part.startsWith('exchange-offers/') && row.outcome !== 'found'),
      [],
    );
    await assertEditorsContentKept();
  });

if (STEP === 'production')
  test('in production without SEED_DEMO_CUSTOMER the demo customer with its published password cannot sign in', async () => {
    const r = await post('/auth/local', { identifier: DEMO.email, password: DEMO.password });
    assert.equal(r.status, 400, r.text);
    assert.match(r.body.error.message, /blocked/i);
    await assertEditorsContentKept();
  });

if (STEP === 'edit')
  test('the demo customer is seeded in development, in production only when asked', () => {
    const names = (env) => seedParts(env).map((part) => part.name);
    assert.ok(names({ NODE_ENV: 'development' }).includes('demo-customer'));
    assert.ok(!names({ NODE_ENV: 'production' }).includes('demo-customer'));
    assert.ok(names({ NODE_ENV: 'production', SEED_DEMO_CUSTOMER: 'on' }).includes('demo-customer'));
    assert.ok(!names({ NODE_ENV: 'development', SEED_DEMO_CUSTOMER: 'off' }).includes('demo-customer'));
  });
