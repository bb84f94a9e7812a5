'use strict';

// Sign-in with a one-time code by SMS (src/api/sign-in-code, src/sms): the code read from the SMS
// outbox (SMS_OUTBOX_FILE) as a phone would show it, on the database the suite runs on (SQLite or
// PostgreSQL). The limits per number are on here although AUTH_RATE_LIMIT is off (SMS_CODE_LIMITS).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const { post, get, register } = require('./helpers');
const { queryCmsDatabase } = require('../scripts/lib/cms-database');

const PERSIAN = /[\u0600-\u06FF]/;
const toPersianDigits = (text) => text.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

let serial = 0;
/** A number no other test of this run uses (a fresh database each run). */
const newMobile = () => `0935${String(Date.now() % 1e5).padStart(5, '0')}${String(++serial).padStart(2, '0')}`;

function outbox() {
  const file = process.env.SMS_OUTBOX_FILE;
  if (!file || !fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The code of the newest SMS to `mobile`, as the customer reads it. */
function codeSentTo(mobile) {
  const message = outbox()
    .filter((m) => m.to === mobile)
    .pop();
  assert.ok(message, `an SMS to ${mobile} is in the outbox`);
  const match = /\b(\d{6})\b/.exec(message.text);
  assert.ok(match, 'the SMS holds a 6-digit code');
  return match[1];
}

const wrongCodeFor = (code) => String((Number(code) + 1) % 1e6).padStart(6, '0');

test('a new number in Persian digits and +98 form gets a code by SMS and signs in as a new confirmed customer', async () => {
  const mobile = newMobile();
  const typed = toPersianDigits(`+98 ${mobile.slice(1)}`);
  const asked = await post('/auth/otp/request', { mobile: typed });
  assert.equal(asked.status, 200, asked.text);
  assert.deepEqual(asked.body, { sent: true, mobile, expiresInSeconds: 120 });
  const code = codeSentTo(mobile);
  assert.ok(!asked.text.includes(code), 'the code is not in the answer');

  const signedIn = await post('/auth/otp/verify', {
    mobile: typed,
    code: toPersianDigits(code),
    deviceId: 'otp-device-1',
  });
  assert.equal(signedIn.status, 200, signedIn.text);
  // As the password sign-in answers: the access token and the user, the refresh token only in its cookie.
  assert.deepEqual(Object.keys(signedIn.body).sort(), ['jwt', 'user']);
  assert.equal(signedIn.body.user.username, mobile);
  assert.equal(signedIn.body.user.mobile, mobile);
  assert.equal(signedIn.body.user.confirmed, true);
  assert.equal(signedIn.body.user.email, `${mobile}@sms.invalid`);
  assert.equal(signedIn.body.user.password, undefined);
  const cookie = signedIn.headers.get('set-cookie') || '';
  assert.match(cookie, /user_refresh=[^;]+;.*path=\/api\/auth/i);
  assert.match(cookie, /httponly/i);
  assert.ok(!signedIn.text.includes(code), 'the code is not in the answer');

  const me = await get('/users/me', { token: signedIn.body.jwt });
  assert.equal(me.status, 200);
  assert.equal(me.body.mobile, mobile);

  // Used once.
  const again = await post('/auth/otp/verify', { mobile, code });
  assert.equal(again.status, 400);
  assert.match(again.body.error.message, PERSIAN);

  // The account made by the code has no password: the password sign-in does not open it.
  const byPassword = await post('/auth/local', { identifier: mobile, password: '' });
  assert.notEqual(byPassword.status, 200);

  // Signed in again by a new code: the same account, not a second one.
  await post('/auth/otp/request', { mobile });
  const second = await post('/auth/otp/verify', { mobile, code: codeSentTo(mobile) });
  assert.equal(second.status, 200, second.text);
  assert.equal(second.body.user.id, signedIn.body.user.id);
});

test('a number that already has an account signs in to that account', async () => {
  const mobile = newMobile();
  const account = await register('coded', { mobile });
  const asked = await post('/auth/otp/request', { mobile });
  assert.equal(asked.status, 200, asked.text);
  const signedIn = await post('/auth/otp/verify', { mobile, code: codeSentTo(mobile) });
  assert.equal(signedIn.status, 200, signedIn.text);
  assert.equal(signedIn.body.user.username, account.username);
  assert.equal(signedIn.body.user.id, account.user.id);
});

test('what is not an Iranian mobile number is refused in Persian, without echoing it', async () => {
  for (const mobile of ['12345', '+14155550123', '', null, { $ne: '' }]) {
    const r = await post('/auth/otp/request', { mobile });
    assert.equal(r.status, 400, `${JSON.stringify(mobile)}: ${r.text}`);
    assert.match(r.body.error.message, PERSIAN);
    assert.ok(!r.text.includes('4155550123'));
  }
});

test('the 6th code request for one number within a minute is refused in Persian; another number is not', async () => {
  const mobile = newMobile();
  for (let i = 1; i <= 5; i += 1) {
    const r = await post('/auth/otp/request', { mobile: i % 2 ? mobile : toPersianDigits(mobile) });
    assert.equal(r.status, 200, `request ${i}: ${r.text}`);
  }
  const sixth = await post('/auth/otp/request', { mobile: `0098${mobile.slice(1)}` });
  assert.equal(sixth.status, 429, sixth.text);
  assert.match(sixth.body.error.message, /این شماره/);
  assert.ok(Number(sixth.headers.get('retry-after')) > 0);
  const other = await post('/auth/otp/request', { mobile: newMobile() });
  assert.equal(other.status, 200, other.text);
});

test('5 wrong codes lock the number: then even the right code and a new code are refused in Persian', async () => {
  const mobile = newMobile();
  await post('/auth/otp/request', { mobile });
  const code = codeSentTo(mobile);
  for (let i = 1; i <= 4; i += 1) {
    const r = await post('/auth/otp/verify', { mobile, code: wrongCodeFor(code) });
    assert.equal(r.status, 400, r.text);
    assert.match(r.body.error.message, PERSIAN);
    assert.equal(r.body.error.details.attemptsLeft, 5 - i);
  }
  const fifth = await post('/auth/otp/verify', { mobile, code: wrongCodeFor(code) });
  assert.equal(fifth.status, 429, fifth.text);
  assert.match(fifth.body.error.message, /۱۵ دقیقه/);
  assert.ok(Number(fifth.headers.get('retry-after')) > 800);

  const right = await post('/auth/otp/verify', { mobile, code });
  assert.equal(right.status, 429, 'the right code does not open a locked number');
  const newCode = await post('/auth/otp/request', { mobile });
  assert.equal(newCode.status, 429, 'no new code while locked');
  assert.match(newCode.body.error.message, PERSIAN);
});

test('a code past its 2 minutes is refused', async () => {
  const mobile = newMobile();
  await post('/auth/otp/request', { mobile });
  const code = codeSentTo(mobile);
  // Two minutes later, as the database would hold it (SQLite keeps milliseconds, PostgreSQL a timestamp).
  const past = process.env.CMS_DATABASE_CLIENT === 'postgres' ? "'2000-01-01T00:00:00Z'" : '946684800000';
  await queryCmsDatabase(process.env, `UPDATE sign_in_codes SET expires_at = ${past} WHERE mobile = '${mobile}'`);
  const r = await post('/auth/otp/verify', { mobile, code });
  assert.equal(r.status, 400, r.text);
  assert.match(r.body.error.message, /منقضی/);
});

test('the placeholder e-mail domain of accounts made by a code cannot be registered', async () => {
  const r = await post('/auth/local/register', {
    username: `taker${Date.now()}`,
    email: `09350000000@sms.invalid`,
    password: 'Passw0rd!x',
  });
  assert.equal(r.status, 400, r.text);
});

test('no sign-in code is ever in the CMS log', { skip: !process.env.CMS_LOG_FILE }, () => {
  const log = fs.readFileSync(process.env.CMS_LOG_FILE, 'utf8');
  const codes = outbox()
    .map((m) => /\b(\d{6})\b/.exec(m.text))
    .filter(Boolean)
    .map((m) => m[1]);
  assert.ok(codes.length > 5);
  // As a number of its own: a 6-digit code is bound to occur inside longer numbers (times, ids).
  for (const code of codes) assert.doesNotMatch(log, new RegExp(`(?<!\\d)${code}(?!\\d)`), 'a sent code is in the log');
});

// Last: it spends this address's code requests for the next 10 minutes.
test('too many code requests from one address, for any numbers, are refused in Persian', async () => {
  let refused = null;
  for (let i = 0; i < 40 && !refused; i += 1) {
    const r = await post('/auth/otp/request', { mobile: newMobile() });
    if (r.status === 429) refused = r;
    else assert.equal(r.status, 200, r.text);
  }
  assert.ok(refused, 'refused within 40 requests (SMS_CODE_ADDRESS_MAX, 30 by default)');
  assert.match(refused.body.error.message, /نشانی/);
});
