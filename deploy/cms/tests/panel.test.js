'use strict';

// What the customer panel relies on: sign-in by mobile, one account per mobile, PUT /users/me,
// the status changes a customer may make, field validation with clear 400s, the watch-list price
// at the time a product was added.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get, post, put, register, login, DEMO } = require('./helpers');

const toPersian = (s) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[d]);

let productSlug;
let productDocId;
let productPrice;
test.before(async () => {
  const p = await get('/products?filters[slug][$eq]=rebar-kalaf-3&fields[0]=slug&fields[1]=price');
  productSlug = p.body.data[0].slug;
  productDocId = p.body.data[0].documentId;
  productPrice = p.body.data[0].price;
});

test('sign in by mobile, in Latin, Persian or Arabic-Indic digits and with +98', async () => {
  for (const identifier of [DEMO.mobile, toPersian(DEMO.mobile), '٠٩١٢١٢٣٤٥٦٧', '+98 912 123 4567']) {
    const r = await post('/auth/local', { identifier, password: DEMO.password });
    assert.equal(r.status, 200, `${identifier}: ${r.text}`);
    assert.equal(r.body.user.username, DEMO.username);
    assert.ok(r.body.jwt);
  }
  const wrong = await post('/auth/local', { identifier: toPersian(DEMO.mobile), password: 'wrong' });
  assert.equal(wrong.status, 400);
  assert.equal(wrong.body.error.message, 'Invalid identifier or password');
  const unknown = await post('/auth/local', { identifier: '09350000000', password: DEMO.password });
  assert.equal(unknown.status, 400);
  assert.equal(unknown.body.error.message, 'Invalid identifier or password');
});

test('one account per mobile; a username may not be a mobile number', async () => {
  const taken = await post('/auth/local/register', {
    username: `dup${Date.now()}`,
    email: `dup${Date.now()}@example.com`,
    password: 'Secret123!',
    mobile: toPersian(DEMO.mobile),
  });
  assert.equal(taken.status, 400, taken.text);
  assert.equal(taken.body.error.message, 'This mobile number is already used by another account');
  const mobileName = await post('/auth/local/register', {
    username: '09351234567',
    email: `mn${Date.now()}@example.com`,
    password: 'Secret123!',
  });
  assert.equal(mobileName.status, 400);
  assert.equal(mobileName.body.error.message, 'A username may not be a mobile number');
});

test('PUT /users/me changes username, e-mail and mobile of the caller only', async () => {
  const c = await register('profile', { mobile: '09127770001' });
  const other = await register('profileb', { mobile: '09127770002' });
  const stamp = Date.now().toString(36);
  const r = await put(
    '/users/me',
    { username: `renamed${stamp}`, email: `Renamed${stamp}@Example.com`, mobile: toPersian('09127770003') },
    { token: c.jwt },
  );
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.username, `renamed${stamp}`);
  assert.equal(r.body.email, `renamed${stamp}@example.com`);
  assert.equal(r.body.mobile, '09127770003');
  assert.equal(r.body.password, undefined);
  assert.equal(r.body.role.type, 'authenticated');
  const me = await get('/users/me', { token: c.jwt });
  assert.equal(me.body.mobile, '09127770003');
  // The new mobile signs in; the other account is untouched.
  assert.equal((await post('/auth/local', { identifier: '09127770003', password: c.password })).status, 200);
  assert.equal((await get('/users/me', { token: other.jwt })).body.username, other.username);

  for (const [body, message] of [
    [{ email: other.email }, 'This e-mail is already used by another account'],
    [{ email: DEMO.email.toUpperCase() }, 'This e-mail is already used by another account'],
    [{ mobile: '09127770002' }, 'This mobile number is already used by another account'],
    [{ username: other.username }, 'This username is already taken'],
    [{ username: 'ab' }, 'username must be 3 to 50 characters'],
    [{ email: 'not-an-email' }, 'email must be a valid e-mail address'],
    [{ mobile: '12345' }, 'mobile must look like 09xxxxxxxxx'],
    [{ username: '09127770009' }, 'A username may not be a mobile number'],
  ]) {
    const refused = await put('/users/me', body, { token: c.jwt });
    assert.equal(refused.status, 400, `${JSON.stringify(body)}: ${refused.text}`);
    assert.equal(refused.body.error.message, message);
  }
  for (const body of [
    { role: 1 },
    { confirmed: false },
    { blocked: true },
    { password: 'Another123!' },
    { provider: 'github' },
  ]) {
    const refused = await put('/users/me', body, { token: c.jwt });
    assert.equal(refused.status, 400, JSON.stringify(body));
  }
  assert.equal(
    (await post('/auth/local', { identifier: `renamed${stamp}`, password: c.password })).status,
    200,
    'password unchanged',
  );
  assert.ok([401, 403].includes((await put('/users/me', { username: 'anonymous' })).status));
});

test('change password: a wrong current password and an unchanged one are refused with 400', async () => {
  const c = await register('pw');
  const wrong = await post(
    '/auth/change-password',
    { currentPassword: 'nope-nope', password: 'Newpass123!', passwordConfirmation: 'Newpass123!' },
    { token: c.jwt },
  );
  assert.equal(wrong.status, 400);
  assert.equal(wrong.body.error.message, 'The provided current password is invalid');
  const same = await post(
    '/auth/change-password',
    { currentPassword: c.password, password: c.password, passwordConfirmation: c.password },
    { token: c.jwt },
  );
  assert.equal(same.status, 400);
  const mismatch = await post(
    '/auth/change-password',
    { currentPassword: c.password, password: 'Newpass123!', passwordConfirmation: 'Other123!' },
    { token: c.jwt },
  );
  assert.equal(mismatch.status, 400);
});

test('orders: a customer cancels only before payment; every other status change is refused', async () => {
  const c = await register('orders');
  const make = async () =>
    (await post('/orders', { data: { items: [{ product_slug: productSlug, quantity: 2 }] } }, { token: c.jwt })).body
      .data;
  const o = await make();
  assert.equal(o.status, 'pending_review');
  for (const status of ['confirmed', 'paid', 'delivered', 'rejected', 'returned', 'payment_failed']) {
    const r = await put(`/orders/${o.documentId}`, { data: { status } }, { token: c.jwt });
    assert.equal(r.status, 403, status);
  }
  const bogus = await put(`/orders/${o.documentId}`, { data: { status: 'teleported' } }, { token: c.jwt });
  assert.equal(bogus.status, 400);
  const cancelled = await put(
    `/orders/${o.documentId}?populate[0]=items`,
    { data: { status: 'cancelled' } },
    { token: c.jwt },
  );
  assert.equal(cancelled.status, 200, cancelled.text);
  assert.deepEqual(
    cancelled.body.data.status_history.map((h) => h.status),
    ['pending_review', 'cancelled'],
  );
  assert.equal(
    (await put(`/orders/${o.documentId}`, { data: { status: 'pending_review' } }, { token: c.jwt })).status,
    403,
  );

  // The demo customer's delivered order can no longer be cancelled; the one awaiting payment can.
  const demo = await login(DEMO.username, DEMO.password);
  const seeded = (
    await get('/orders?filters[number][$startsWith]=SO-DEMO&pagination[pageSize]=10', { token: demo.jwt })
  ).body.data;
  const delivered = seeded.find((x) => x.status === 'delivered');
  const refused = await put(`/orders/${delivered.documentId}`, { data: { status: 'cancelled' } }, { token: demo.jwt });
  assert.equal(refused.status, 403);
  assert.match(refused.body.error.message, /دیگر به «cancelled» تغییر نمی‌کند/);
});

test('orders, tickets and purchase requests: missing or out-of-range fields answer 400 and write nothing', async () => {
  const c = await register('valid');
  const bad = [
    ['/orders', { items: [] }],
    ['/orders', { items: [{ product_slug: productSlug, quantity: 0 }] }],
    ['/orders', { items: [{ product_slug: productSlug, quantity: -3 }] }],
    ['/orders', { items: [{ product_slug: 'no-such-product', quantity: 1 }] }],
    ['/orders', { items: [{ product_slug: productSlug, quantity: 1 }], note: 'x'.repeat(2001) }],
    ['/tickets', { department: 'sales', messages: [{ body: 'بدون موضوع' }] }],
    ['/tickets', { subject: 'بدون پیام', messages: [] }],
    ['/tickets', { subject: 'پیام خالی', messages: [{ body: '' }] }],
    ['/tickets', { subject: 'بخش نامعتبر', department: 'marketing', messages: [{ body: 'سلام' }] }],
    ['/exchange-purchase-requests', { commodity: 'بیلت' }],
    ['/exchange-purchase-requests', { commodity: 'بیلت', quantity_tonnes: -5 }],
  ];
  for (const [path, data] of bad) {
    const r = await post(path, { data }, { token: c.jwt });
    assert.equal(r.status, 400, `${path} ${JSON.stringify(data).slice(0, 80)}: ${r.status} ${r.text.slice(0, 200)}`);
    assert.ok(r.body.error.message, 'a message says what is wrong');
  }
  for (const path of ['/orders', '/tickets', '/exchange-purchase-requests']) {
    assert.equal((await get(path, { token: c.jwt })).body.meta.pagination.total, 0, `${path} wrote something`);
  }
  const t = await post('/tickets', { data: { subject: 'سؤال', messages: [{ body: 'سلام' }] } }, { token: c.jwt });
  const blank = await post(`/tickets/${t.body.data.documentId}/messages`, { data: { body: '   ' } }, { token: c.jwt });
  assert.equal(blank.status, 400);
});

test('exchange purchase requests: cancel while submitted or reviewing, from an offer', async () => {
  const c = await register('bourse');
  const offer = (await get('/exchange-offers?pagination[pageSize]=1&fields[0]=commodity')).body.data[0];
  const r = await post(
    '/exchange-purchase-requests?populate[0]=exchange_offer',
    { data: { exchange_offer: offer.documentId, commodity: offer.commodity, quantity_tonnes: 40, max_price: 350000 } },
    { token: c.jwt },
  );
  assert.equal(r.status, 201, r.text);
  assert.equal(r.body.data.status, 'submitted');
  assert.equal(r.body.data.exchange_offer.documentId, offer.documentId);
  assert.equal(
    (
      await put(
        `/exchange-purchase-requests/${r.body.data.documentId}`,
        { data: { status: 'purchased' } },
        { token: c.jwt },
      )
    ).status,
    403,
  );
  const cancelled = await put(
    `/exchange-purchase-requests/${r.body.data.documentId}`,
    { data: { status: 'cancelled' } },
    { token: c.jwt },
  );
  assert.equal(cancelled.status, 200);
  assert.equal(cancelled.body.data.status, 'cancelled');
  assert.equal(
    (
      await put(
        `/exchange-purchase-requests/${r.body.data.documentId}`,
        { data: { status: 'submitted' } },
        { token: c.jwt },
      )
    ).status,
    403,
  );
});

test('watch list: the price when added is set by the server, never by the customer', async () => {
  const c = await register('watch');
  const r = await post('/watch-list-entries', { data: { product: productDocId, added_price: 1 } }, { token: c.jwt });
  assert.equal(r.status, 201, r.text);
  assert.equal(String(r.body.data.added_price), String(productPrice));
  const upd = await put(
    `/watch-list-entries/${r.body.data.documentId}`,
    { data: { added_price: 5, note: 'یادداشت' } },
    { token: c.jwt },
  );
  assert.equal(upd.status, 200, upd.text);
  assert.equal(String(upd.body.data.added_price), String(productPrice));
  // The demo customer's entries were added weeks ago, at the price of that day.
  const demo = await login(DEMO.username, DEMO.password);
  const list = (await get('/watch-list-entries?populate[0]=product', { token: demo.jwt })).body.data;
  assert.equal(list.length >= 2, true);
  for (const entry of list.slice(0, 2)) assert.ok(Number(entry.added_price) > 0, 'added_price seeded');
  const seededDaysAgo = list
    .map((entry) => Math.round((Date.now() - Date.parse(entry.createdAt)) / 86400e3))
    .sort((a, b) => a - b);
  assert.ok(seededDaysAgo.includes(30) && seededDaysAgo.includes(60), `added 30 and 60 days ago: ${seededDaysAgo}`);
  assert.ok(
    list.some((entry) => String(entry.added_price) !== String(entry.product.price)),
    'a price change to show',
  );
});
