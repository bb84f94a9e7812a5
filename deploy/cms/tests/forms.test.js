'use strict';

// The site's forms: contact message, export inquiry (a contact message of kind
// `export`) and warehouse reservation. The CMS checks the same rules as the forms and answers one
// clear 400 naming each failing field; a good submit is stored once, normalised.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get, post, login, DEMO } = require('./helpers');

let A;
test.before(async () => {
  A = await login(DEMO.username, DEMO.password);
});

const fieldsOf = (r) => (r.body.error.details.errors || []).map((e) => e.path.join('.')).sort();

test('a contact message needs a name, an Iranian mobile and a message; Persian digits are stored as Latin', async () => {
  const bad = await post('/contact-messages', { data: { name: ' ', phone: '12345', message: '' } });
  assert.equal(bad.status, 400, bad.text);
  assert.deepEqual(fieldsOf(bad), ['message', 'name', 'phone']);
  const good = await post('/contact-messages', {
    data: { name: 'مریم', phone: '۰۹۱۲ ۳۴۵ ۶۷۸۹', message: 'قیمت میلگرد ۱۶؟' },
  });
  assert.equal(good.status, 201, good.text);
  assert.equal(good.body.data.phone, '09123456789');
  assert.equal(good.body.data.kind, 'contact');
  assert.equal(good.body.data.status, 'new');
});

test('an export inquiry is a contact message of kind export and must name its product', async () => {
  const bad = await post('/contact-messages', {
    data: { kind: 'export', name: 'Ali', phone: '09121112233', message: 'FOB price?' },
  });
  assert.equal(bad.status, 400, bad.text);
  assert.deepEqual(fieldsOf(bad), ['subject']);
  const wrongKind = await post('/contact-messages', {
    data: { kind: 'import', name: 'Ali', phone: '09121112233', message: 'x' },
  });
  assert.equal(wrongKind.status, 400, wrongKind.text);
  const good = await post('/contact-messages', {
    data: {
      kind: 'export',
      name: 'Ali',
      company: 'ACME',
      phone: '+98 912 111 2233',
      subject: 'میلگرد',
      message: '۵۰۰ تن FOB بندرعباس',
    },
  });
  assert.equal(good.status, 201, good.text);
  assert.equal(good.body.data.kind, 'export');
  assert.equal(good.body.data.phone, '09121112233');
});

test('a warehouse reservation: quantity above zero, a phone, no start date in the past; stored in the customer own records', async () => {
  const anonymous = await post('/warehouse-reservations', {
    data: { product_description: 'ورق', quantity_tonnes: 5, contact_phone: '02112345678' },
  });
  assert.equal(anonymous.status, 403); // the public role may not create reservations at all
  const bad = await post(
    '/warehouse-reservations',
    { data: { product_description: '', quantity_tonnes: 0, contact_phone: '123', start_date: '2000-01-01' } },
    { token: A.jwt },
  );
  assert.equal(bad.status, 400, bad.text);
  assert.deepEqual(fieldsOf(bad), ['contact_phone', 'product_description', 'quantity_tonnes', 'start_date']);
  const good = await post(
    '/warehouse-reservations',
    {
      data: {
        product_description: 'تیرآهن ۱۴',
        quantity_tonnes: 12.5,
        duration_days: 30,
        contact_phone: '۰۲۱-۱۲۳۴۵۶۷۸',
      },
    },
    { token: A.jwt },
  );
  assert.equal(good.status, 201, good.text);
  assert.equal(good.body.data.contact_phone, '02112345678');
  assert.equal(good.body.data.status, 'submitted');
  const mine = await get(`/warehouse-reservations?filters[documentId][$eq]=${good.body.data.documentId}`, {
    token: A.jwt,
  });
  assert.equal(mine.body.data.length, 1);
});
