'use strict';

// Run by scripts/run-tests.js in its second phase, with EMAIL_CONFIRMATION=on.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get, post, waitForMail, readMails } = require('./helpers');

test('with e-mail confirmation on: register mails a link, send-email-confirmation re-sends it, the link confirms', async () => {
  const stamp = Date.now().toString(36);
  const email = `confirm${stamp}@example.com`;
  const reg = await post('/auth/local/register', {
    username: `confirm${stamp}`,
    email,
    password: 'Secret123!',
    mobile: '09129998877',
  });
  assert.equal(reg.status, 200, reg.text);
  assert.equal(reg.body.jwt, undefined);
  assert.equal(reg.body.user.confirmed, false);
  const first = await waitForMail((m) => m.to === email);
  assert.equal(first.subject, 'تأیید نشانی ایمیل');
  const blocked = await post('/auth/local', { identifier: email, password: 'Secret123!' });
  assert.equal(blocked.status, 400);
  assert.equal(blocked.body.error.message, 'Your account email is not confirmed');

  const resend = await post('/auth/send-email-confirmation', { email });
  assert.equal(resend.status, 200, resend.text);
  assert.deepEqual(resend.body, { email, sent: true });
  const mails = readMails().filter((m) => m.to === email);
  assert.equal(mails.length, 2);
  const link = /(https?:\/\/[^"'<\s]+email-confirmation\?confirmation=[A-Za-z0-9]+)/.exec(
    mails[1].html || mails[1].text,
  )[1];
  const confirm = await get(link);
  assert.equal(confirm.status, 302);
  assert.match(confirm.headers.get('location'), /\/login$/);
  const ok = await post('/auth/local', { identifier: email, password: 'Secret123!' });
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.body.user.confirmed, true);
});
