'use strict';

// Customers' records: the owner is set from the token; B never sees or changes A's records.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get, post, put, del, register, login, DEMO } = require('./helpers');

const COLLECTIONS = [
  'orders',
  'tickets',
  'watch-list-entries',
  'exchange-purchase-requests',
  'warehouse-reservations',
  'contact-messages',
];

let A;
let B;
let productDocId;
let productSlug;
const aRecords = {};

test.before(async () => {
  A = await login(DEMO.username, DEMO.password);
  B = await register('customerb', { mobile: '09120000002' });
  const p = await get('/products?filters[slug][$eq]=rebar-kalaf-1');
  productDocId = p.body.data[0].documentId;
  productSlug = p.body.data[0].slug;
  const wl2 = await get('/products?filters[slug][$eq]=rebar-kalaf-2');
  const make = {
    orders: { items: [{ product_slug: productSlug, quantity: 4 }], note: 'A order' },
    tickets: { subject: 'A ticket', messages: [{ body: 'سلام' }] },
    'watch-list-entries': { product: wl2.body.data[0].documentId, target_price: 300000 },
    'exchange-purchase-requests': { commodity: 'شمش بیلت', quantity_tonnes: 200 },
    'warehouse-reservations': {
      product_description: 'ورق گرم',
      quantity_tonnes: 30,
      duration_days: 10,
      contact_phone: '02112345678',
    },
    'contact-messages': { name: 'A', email: 'a@example.com', phone: '09120000001', message: 'پیام A' },
  };
  for (const c of COLLECTIONS) {
    const r = await post(`/${c}`, { data: make[c] }, { token: A.jwt });
    assert.equal(r.status, 201, `${c}: ${r.text}`);
    aRecords[c] = r.body.data;
  }
});

test("unauthenticated callers get nothing of customers' records", async () => {
  for (const c of COLLECTIONS) {
    const r = await get(`/${c}`);
    assert.ok([401, 403].includes(r.status), `${c}: ${r.status}`);
    const one = await get(`/${c}/${aRecords[c].documentId}`);
    assert.ok([401, 403].includes(one.status), `${c} one: ${one.status}`);
    if (c !== 'contact-messages') {
      const create = await post(`/${c}`, { data: {} });
      assert.ok([401, 403].includes(create.status), `${c} create: ${create.status}`);
    }
  }
});

test('the contact form is open to the public; reading it back is not', async () => {
  const r = await post('/contact-messages', {
    data: { name: 'مهمان', email: 'guest@example.com', phone: '۰۹۱۲۰۰۰۰۰۰۲', message: 'درخواست تماس' },
  });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.body.data.status, 'new');
  const list = await get('/contact-messages', { token: B.jwt });
  assert.equal(list.body.data.length, 0);
});

test('A lists own records (seeded and new); B lists none of them', async () => {
  for (const c of COLLECTIONS) {
    const a = await get(`/${c}?pagination[pageSize]=100`, { token: A.jwt });
    assert.equal(a.status, 200, a.text);
    assert.ok(
      a.body.data.some((x) => x.documentId === aRecords[c].documentId),
      c,
    );
    const b = await get(`/${c}?pagination[pageSize]=100`, { token: B.jwt });
    assert.equal(b.status, 200, b.text);
    assert.equal(b.body.data.length, 0, `${c} leaked to B`);
    assert.equal(b.body.meta.pagination.total, 0);
  }
  const seeded = await get('/orders?filters[number][$startsWith]=SO-DEMO&populate[0]=items', { token: A.jwt });
  assert.equal(seeded.body.data.length, 3);
  const tickets = await get('/tickets?populate[0]=messages', { token: A.jwt });
  assert.ok(tickets.body.data.some((t) => t.messages.length === 2));
});

test("B cannot read, change or delete A's records by id", async () => {
  for (const c of COLLECTIONS) {
    const id = aRecords[c].documentId;
    assert.equal((await get(`/${c}/${id}`, { token: B.jwt })).status, 404, c);
    const upd = await put(`/${c}/${id}`, { data: { note: 'hacked' } }, { token: B.jwt });
    assert.ok([400, 403, 404].includes(upd.status), `${c} update ${upd.status}`);
    const d = await del(`/${c}/${id}`, { token: B.jwt });
    assert.ok([403, 404].includes(d.status), `${c} delete ${d.status}`);
    assert.equal((await get(`/${c}/${id}`, { token: A.jwt })).status, 200, `${c} gone for A`);
  }
  const msg = await post(
    `/tickets/${aRecords.tickets.documentId}/messages`,
    { data: { body: 'from B' } },
    { token: B.jwt },
  );
  assert.equal(msg.status, 404);
  const t = await get(`/tickets/${aRecords.tickets.documentId}?populate[0]=messages`, { token: A.jwt });
  assert.equal(t.body.data.messages.length, 1);
  const o = await get(`/orders/${aRecords.orders.documentId}`, { token: A.jwt });
  assert.equal(o.body.data.note, 'A order');
});

test("B cannot reach A's records through filters or populate", async () => {
  for (const c of COLLECTIONS) {
    const byOwner = await get(`/${c}?filters[owner][id][$eq]=${A.user.id}`, { token: B.jwt });
    assert.equal(byOwner.status, 400, `${c}: ${byOwner.status}`);
    const byOr = await get(`/${c}?filters[$or][0][owner][username][$eq]=demo&filters[$or][1][id][$gt]=0`, {
      token: B.jwt,
    });
    assert.ok(byOr.status === 400 || (byOr.status === 200 && byOr.body.data.length === 0), `${c} $or`);
    const byId = await get(`/${c}?filters[documentId][$eq]=${aRecords[c].documentId}`, { token: B.jwt });
    assert.equal(byId.body.data.length, 0, c);
  }
  const byNumber = await get('/orders?filters[number][$eq]=SO-DEMO-1', { token: B.jwt });
  assert.equal(byNumber.body.data.length, 0);
  const populated = await get('/orders?populate=*', { token: A.jwt });
  assert.equal(populated.status, 200);
  assert.ok(
    populated.body.data.every((o) => o.owner === undefined),
    'owner must not be exposed',
  );
});

test('the owner comes from the token: B cannot set or change it', async () => {
  const before = (await get('/orders', { token: A.jwt })).body.meta.pagination.total;
  const setOwner = await post(
    '/orders',
    { data: { items: [{ product_slug: productSlug, quantity: 1 }], owner: A.user.id } },
    { token: B.jwt },
  );
  assert.equal(setOwner.status, 400);
  const setOwnerConnect = await post(
    '/orders',
    { data: { items: [{ product_slug: productSlug, quantity: 1 }], owner: { connect: [A.user.documentId] } } },
    { token: B.jwt },
  );
  assert.equal(setOwnerConnect.status, 400);
  assert.equal((await get('/orders', { token: A.jwt })).body.meta.pagination.total, before);
  assert.equal((await get('/orders', { token: B.jwt })).body.meta.pagination.total, 0);

  const mine = await post(
    '/orders',
    { data: { items: [{ product_slug: productSlug, quantity: 2 }] } },
    { token: B.jwt },
  );
  assert.equal(mine.status, 201, mine.text);
  assert.equal(mine.body.data.status, 'pending_review');
  const change = await put(`/orders/${mine.body.data.documentId}`, { data: { owner: A.user.id } }, { token: B.jwt });
  assert.equal(change.status, 400);
  assert.equal((await get('/orders', { token: A.jwt })).body.meta.pagination.total, before);
  const bList = await get('/orders?populate[0]=items', { token: B.jwt });
  assert.equal(bList.body.data.length, 1);
  assert.equal(bList.body.data[0].items[0].product_slug, productSlug);
  assert.ok(Number(bList.body.data[0].items[0].unit_price) > 0, 'unit price filled in by the server');
});

test('customers may only make the allowed status changes on their own records', async () => {
  const o = await post(
    '/orders',
    { data: { items: [{ product_slug: productSlug, quantity: 1 }], status: 'paid' } },
    { token: B.jwt },
  );
  assert.equal(o.status, 201);
  assert.equal(o.body.data.status, 'pending_review', 'status on create is set by the server');
  const paid = await put(`/orders/${o.body.data.documentId}`, { data: { status: 'paid' } }, { token: B.jwt });
  assert.equal(paid.status, 403);
  const cancel = await put(`/orders/${o.body.data.documentId}`, { data: { status: 'cancelled' } }, { token: B.jwt });
  assert.equal(cancel.status, 200, cancel.text);
  assert.equal(cancel.body.data.status, 'cancelled');
  const again = await put(`/orders/${o.body.data.documentId}`, { data: { note: 'x' } }, { token: B.jwt });
  assert.equal(again.status, 403);

  const t = await post(
    '/tickets',
    { data: { subject: 'سؤال', department: 'sales', messages: [{ body: 'سلام', author: 'staff' }] } },
    { token: B.jwt },
  );
  assert.equal(t.status, 201, t.text);
  const msg = await post(
    `/tickets/${t.body.data.documentId}/messages`,
    { data: { body: 'پیام دوم' } },
    { token: B.jwt },
  );
  assert.equal(msg.status, 200, msg.text);
  assert.equal(msg.body.data.messages.length, 2);
  assert.ok(msg.body.data.messages.every((m) => m.author === 'customer'));
  assert.equal(msg.body.data.status, 'awaiting_reply');
  assert.equal(
    (await put(`/tickets/${t.body.data.documentId}`, { data: { status: 'answered' } }, { token: B.jwt })).status,
    403,
  );
  const closed = await put(`/tickets/${t.body.data.documentId}`, { data: { status: 'closed' } }, { token: B.jwt });
  assert.equal(closed.status, 200);
  assert.equal(
    (await post(`/tickets/${t.body.data.documentId}/messages`, { data: { body: 'بعد از بستن' } }, { token: B.jwt }))
      .status,
    403,
  );

  const w = await post('/watch-list-entries', { data: { product: productDocId } }, { token: B.jwt });
  assert.equal(w.status, 201, w.text);
  assert.equal((await post('/watch-list-entries', { data: { product: productDocId } }, { token: B.jwt })).status, 400);
  const wl = await get('/watch-list-entries?populate[0]=product', { token: B.jwt });
  assert.equal(wl.body.data[0].product.slug, productSlug);
  assert.equal((await del(`/watch-list-entries/${w.body.data.documentId}`, { token: B.jwt })).status, 204);
  assert.equal((await get('/watch-list-entries', { token: B.jwt })).body.data.length, 0);
  assert.equal((await del(`/orders/${o.body.data.documentId}`, { token: B.jwt })).status, 403);
});
