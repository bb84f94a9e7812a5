'use strict';

// Bad input gets a clear 4xx and writes nothing.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get, post, put, api, login, DEMO } = require('./helpers');

let A;
let slug;
const count = async (c) => (await get(`/${c}?pagination[pageSize]=1`, { token: A.jwt })).body.meta.pagination.total;
const isClearError = (r, status) => {
  assert.equal(r.status, status, r.text);
  assert.equal(r.body.data, null);
  assert.equal(r.body.error.status, status);
  assert.ok(r.body.error.name && r.body.error.message);
};

test.before(async () => {
  A = await login(DEMO.username, DEMO.password);
  slug = (await get('/products?pagination[pageSize]=1&fields[0]=slug')).body.data[0].slug;
});

test('unknown fields are refused and nothing is written', async () => {
  const before = await count('tickets');
  isClearError(
    await post('/tickets', { data: { subject: 'x', messages: [{ body: 'a' }], isAdmin: true } }, { token: A.jwt }),
    400,
  );
  isClearError(
    await post('/tickets', { data: { subject: 'x', messages: [{ body: 'a' }] }, extra: 1 }, { token: A.jwt }),
    400,
  );
  isClearError(
    await post('/orders', { data: { items: [{ product_slug: slug, quantity: 1, discount: 99 }] } }, { token: A.jwt }),
    400,
  );
  assert.equal(await count('tickets'), before);
});

test('invalid status values are refused', async () => {
  const before = await count('tickets');
  isClearError(
    await post('/tickets', { data: { subject: 'x', status: 'hacked', messages: [{ body: 'a' }] } }, { token: A.jwt }),
    400,
  );
  isClearError(
    await post(
      '/tickets',
      { data: { subject: 'x', priority: 'extreme', messages: [{ body: 'a' }] } },
      { token: A.jwt },
    ),
    400,
  );
  const o = (await get('/orders', { token: A.jwt })).body.data.find((x) => x.status === 'pending_review');
  isClearError(await put(`/orders/${o.documentId}`, { data: { status: 'teleported' } }, { token: A.jwt }), 400);
  assert.equal((await get(`/orders/${o.documentId}`, { token: A.jwt })).body.data.status, 'pending_review');
  assert.equal(await count('tickets'), before);
});

test('wrong types, missing fields and out-of-range values are refused', async () => {
  const before = await count('orders');
  isClearError(await post('/orders', { data: { items: [] } }, { token: A.jwt }), 400);
  isClearError(
    await post('/orders', { data: { items: [{ product_slug: 'no-such-product', quantity: 1 }] } }, { token: A.jwt }),
    400,
  );
  isClearError(
    await post('/orders', { data: { items: [{ product_slug: slug, quantity: -5 }] } }, { token: A.jwt }),
    400,
  );
  isClearError(await post('/orders', { data: { items: 'lots' } }, { token: A.jwt }), 400);
  isClearError(await post('/orders', {}, { token: A.jwt }), 400);
  isClearError(await post('/orders', { data: [1, 2] }, { token: A.jwt }), 400);
  isClearError(await post('/tickets', { data: { messages: [{ body: 'no subject' }] } }, { token: A.jwt }), 400);
  isClearError(await post('/warehouse-reservations', { data: { quantity_tonnes: 'many' } }, { token: A.jwt }), 400);
  isClearError(await post('/contact-messages', { data: { name: 'x', email: 'not-an-email', message: 'hi' } }), 400);
  assert.equal(await count('orders'), before);
});

test('malformed JSON and oversized bodies are refused', async () => {
  const before = await count('tickets');
  const malformed = await api('POST', '/tickets', { token: A.jwt, raw: '{"data": {"subject": ' });
  assert.equal(malformed.status, 400);
  const big = await api('POST', '/tickets', {
    token: A.jwt,
    raw: JSON.stringify({ data: { subject: 'x', messages: [{ body: 'y'.repeat(600 * 1024) }] } }),
  });
  assert.equal(big.status, 413);
  assert.equal(big.body.error.name, 'PayloadTooLargeError');
  const nul = await post('/tickets', { data: { subject: 'a\u0000b', messages: [{ body: 'a' }] } }, { token: A.jwt });
  assert.equal(nul.status, 400);
  const nulQuery = await get('/products?filters[name][$eq]=a%00b');
  assert.equal(nulQuery.status, 400);
  const longText = await post(
    '/tickets',
    { data: { subject: 'x'.repeat(500), messages: [{ body: 'a' }] } },
    { token: A.jwt },
  );
  assert.equal(longText.status, 400);
  assert.equal(await count('tickets'), before);
});

test('malformed ids answer 404, never 500', async () => {
  for (const id of ['not-an-id', '1', '..%2F..%2Fetc', '%27%20OR%201%3D1--', 'a'.repeat(300), '%00']) {
    for (const c of ['orders', 'tickets', 'products', 'articles']) {
      const r = await get(`/${c}/${id}`, { token: A.jwt });
      assert.ok([400, 404].includes(r.status), `${c}/${id}: ${r.status}`);
    }
    const u = await put(`/orders/${id}`, { data: { note: 'x' } }, { token: A.jwt });
    assert.ok([400, 404].includes(u.status), `put ${id}: ${u.status}`);
  }
});

test('unknown query parameters and filter keys are refused', async () => {
  const r = await get('/products?filters[nope][$eq]=1');
  assert.equal(r.status, 400);
  const op = await get('/products?filters[name][$evil]=1');
  assert.equal(op.status, 400);
  const sort = await get('/products?sort=nope:asc');
  assert.equal(sort.status, 400);
});
