'use strict';

// The sales phone and messenger accounts the site links to (one single type, seeded from
// data/domain/sales-contact.json): anyone reads it, a customer cannot change it, an editor can.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { get, put, register } = require('./helpers');
const { domainDir } = require('../src/bootstrap/domain');

const EDITOR_TOKEN = process.env.CMS_EDITOR_TOKEN;
const SEEDED = JSON.parse(fs.readFileSync(path.join(domainDir(), 'sales-contact.json'), 'utf8')).sales_contact;
const FIELDS = ['phone', 'whatsapp', 'telegram', 'bale', 'eitaa'];
const pick = (record) => Object.fromEntries(FIELDS.map((field) => [field, record[field]]));

test('anyone reads the seeded sales contact, signed in or not; a customer cannot change it', async () => {
  const anonymous = await get('/sales-contact');
  assert.equal(anonymous.status, 200, anonymous.text);
  assert.deepEqual(pick(anonymous.body.data), SEEDED);

  const customer = await register('contact');
  const signedIn = await get('/sales-contact', { token: customer.jwt });
  assert.equal(signedIn.status, 200, signedIn.text);

  const refused = await put('/sales-contact', { data: { phone: '02100000000' } }, { token: customer.jwt });
  assert.equal(refused.status, 403, refused.text);
  assert.equal((await put('/sales-contact', { data: { phone: '02100000000' } })).status, 403);
  assert.deepEqual(pick((await get('/sales-contact')).body.data), SEEDED);
});

test(
  'an editor changes the phone and an account, and everyone reads the change; a malformed account is refused',
  { skip: !EDITOR_TOKEN && 'CMS_EDITOR_TOKEN unset' },
  async () => {
    const editor = { token: EDITOR_TOKEN };
    try {
      const changed = await put(
        '/sales-contact',
        { data: { phone: '02188776655', telegram: 'steel_sales_desk' } },
        editor,
      );
      assert.equal(changed.status, 200, changed.text);
      assert.deepEqual(pick((await get('/sales-contact')).body.data), {
        ...SEEDED,
        phone: '02188776655',
        telegram: 'steel_sales_desk',
      });

      // A username is what the messenger's own link carries: nothing that could leave its path.
      const malformed = await put('/sales-contact', { data: { bale: 'x/../../evil' } }, editor);
      assert.equal(malformed.status, 400, malformed.text);
    } finally {
      const restored = await put('/sales-contact', { data: SEEDED }, editor);
      assert.equal(restored.status, 200, restored.text);
    }
    assert.deepEqual(pick((await get('/sales-contact')).body.data), SEEDED);
  },
);
