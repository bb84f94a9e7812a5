'use strict';

// Measured before: the contact form's validation error echoed the whole 100 KB message back.
const test = require('node:test');
const assert = require('node:assert/strict');
const { post } = require('./helpers');

const MARK = 'پیام‌بلند';
const long = MARK.repeat(12000); // ~100 KB, over the message's 5000-character limit

test('validation errors never echo the submitted value', async () => {
  const cases = [
    [
      '/contact-messages',
      { data: { name: 'علی', phone: '09120000005', message: long } },
      /message must be at most 5000 characters/,
    ],
    [
      '/contact-messages',
      { data: { name: 'علی', phone: '09120000005', message: 'سلام', email: `${MARK}@` } },
      /email must be a valid email/,
    ],
    [
      '/contact-messages',
      { data: { name: { nested: MARK }, phone: '09120000005', message: 'سلام' } },
      /name must be a `string` type$/,
    ],
    [
      '/contact-messages',
      { data: { name: 'علی', phone: '09120000005', message: 'سلام', status: MARK } },
      /«status» یکی از این‌هاست/,
    ],
    ['/auth/local/register', { username: 'u', email: `${MARK}x`, password: 'p' }, /email/],
  ];
  for (const [path, body, message] of cases) {
    const r = await post(path, body);
    assert.equal(r.status, 400, r.text.slice(0, 200));
    assert.match(r.body.error.message, message);
    assert.ok(!r.text.includes(MARK), `${path} echoed the value: ${r.text.slice(0, 300)}`);
    assert.ok(r.text.length < 1000, `${path} answered ${r.text.length} characters`);
  }
});
