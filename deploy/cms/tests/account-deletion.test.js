'use strict';

// DELETE /api/users/me: a customer deletes their own account, with their sessions and the records
// that are theirs alone; nobody else's account or records are touched. The deploy gate removes
// its throwaway customer this way after every check.
const test = require('node:test');
const assert = require('node:assert/strict');
const { api, get, post, put, del, register, login } = require('./helpers');

const OWN = [
  'orders',
  'tickets',
  'watch-list-entries',
  'exchange-purchase-requests',
  'warehouse-reservations',
  'price-alerts',
  'inquiries',
  'credit-requests',
];
// The site writes notifications, not the customer: this one has none, and that is counted too.
const WRITTEN_BY_THE_SITE = { notifications: 0 };
// The inquiry basket is one per account, read and written at /inquiry-basket/mine.
const BASKET = { 'inquiry-baskets': 1 };

/** One record of every owner-scoped kind for `customer` (and a contact message, which is the staff's). */
async function recordsOf(customer) {
  const products = await get(
    '/products?filters[slug][$in][0]=rebar-kalaf-1&filters[slug][$in][1]=rebar-kalaf-2&fields[0]=slug',
  );
  const [one, two] = products.body.data;
  const make = {
    orders: { items: [{ product_slug: one.slug, quantity: 2 }], note: 'سفارش' },
    tickets: { subject: 'تیکت', messages: [{ body: 'سلام' }] },
    'watch-list-entries': { product: two.documentId },
    'exchange-purchase-requests': { commodity: 'شمش بیلت', quantity_tonnes: 100 },
    'warehouse-reservations': {
      product_description: 'ورق گرم',
      quantity_tonnes: 5,
      duration_days: 3,
      contact_phone: '02112345678',
    },
    'price-alerts': { product_slug: one.slug, below_price: 1000 },
    inquiries: { lines: [{ product_slug: one.slug, quantity: 3, weight_kg: 36 }], province_slug: 'tehran' },
    'credit-requests': {
      amount_rial: 1_000_000_000,
      term_months: 3,
      guarantees: ['cheque'],
      documents_description: 'گردش حساب',
    },
    'contact-messages': { name: 'مشتری', email: customer.email, phone: '09120000009', message: 'پیام' },
  };
  for (const [kind, data] of Object.entries(make)) {
    const created = await post(`/${kind}`, { data }, { token: customer.jwt });
    assert.equal(created.status, 201, `${kind}: ${created.text}`);
  }
  const basket = await put(
    '/inquiry-basket/mine',
    { data: { lines: [{ product_slug: two.slug, quantity: 4 }] } },
    {
      token: customer.jwt,
    },
  );
  assert.equal(basket.status, 200, basket.text);
}

test('the customer deletes their account: sessions, orders, tickets, watch list, reservations and purchase requests go with it', async () => {
  const leaving = await register('leaving');
  const staying = await register('staying');
  await recordsOf(leaving);
  await recordsOf(staying);
  // A second session of the leaving customer (another device): it must end too.
  const otherDevice = await login(leaving.email, leaving.password);

  const deleted = await del('/users/me', { token: leaving.jwt });
  assert.equal(deleted.status, 200, deleted.text);
  assert.deepEqual(deleted.body, {
    ok: true,
    removed: { ...Object.fromEntries(OWN.map((kind) => [kind, 1])), ...WRITTEN_BY_THE_SITE, ...BASKET },
  });

  // Every session ended at once, and the account is gone: no sign-in, no second deletion.
  assert.equal((await get('/users/me', { token: leaving.jwt })).status, 401);
  assert.equal((await get('/users/me', { token: otherDevice.jwt })).status, 401);
  assert.equal((await del('/users/me', { token: otherDevice.jwt })).status, 401);
  const signIn = await post('/auth/local', { identifier: leaving.email, password: leaving.password });
  assert.equal(signIn.status, 400);
  assert.equal(signIn.body.error.message, 'Invalid identifier or password');

  // The same e-mail and username may register again, as a new customer with nothing of the old one's.
  const again = await post('/auth/local/register', {
    username: leaving.username,
    email: leaving.email,
    password: leaving.password,
  });
  assert.equal(again.status, 200, again.text);
  assert.notEqual(again.body.user.id, leaving.user.id);
  for (const kind of OWN) assert.deepEqual((await get(`/${kind}`, { token: again.body.jwt })).body.data, [], kind);
  assert.deepEqual((await get('/inquiry-basket/mine', { token: again.body.jwt })).body.data.lines, []);

  // The other customer keeps everything.
  for (const kind of [...OWN, 'contact-messages'])
    assert.equal((await get(`/${kind}`, { token: staying.jwt })).body.data.length, 1, kind);
  assert.equal((await get('/inquiry-basket/mine', { token: staying.jwt })).body.data.lines.length, 1);
  assert.equal((await get('/users/me', { token: staying.jwt })).status, 200);
});

test('nobody signed in cannot delete an account, and a customer cannot delete another by id', async () => {
  const anonymous = await del('/users/me');
  assert.ok([401, 403].includes(anonymous.status), `${anonymous.status} ${anonymous.text}`);
  const a = await register('deletera');
  const b = await register('deleterb');
  const byId = await del(`/users/${b.user.id}`, { token: a.jwt });
  assert.equal(byId.status, 403, byId.text);
  assert.equal((await get('/users/me', { token: b.jwt })).status, 200);
  // A body naming someone else changes nothing: it is always the caller's own account.
  const withBody = await api('DELETE', '/users/me', { token: a.jwt, body: { id: b.user.id } });
  assert.equal(withBody.status, 200, withBody.text);
  assert.equal((await get('/users/me', { token: b.jwt })).status, 200);
  assert.equal((await get('/users/me', { token: a.jwt })).status, 401);
});
