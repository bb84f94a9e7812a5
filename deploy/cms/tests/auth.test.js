'use strict';

// Every auth call (docs/behaviour.md, "Auth calls"), against the real users-permissions plugin.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get, post, api, register, login, DEMO, waitForMail, readMails } = require('./helpers');

test('register with mobile returns a jwt and the user with mobile, never the password', async () => {
  const r = await post('/auth/local/register', {
    username: 'reza',
    email: 'reza@example.com',
    password: 'Secret123!',
    mobile: '09351112233',
  });
  assert.equal(r.status, 200, r.text);
  assert.equal(typeof r.body.jwt, 'string');
  assert.equal(r.body.user.username, 'reza');
  assert.equal(r.body.user.email, 'reza@example.com');
  assert.equal(r.body.user.mobile, '09351112233');
  assert.equal(r.body.user.confirmed, true);
  assert.equal(r.body.user.password, undefined);
  const me = await get('/users/me', { token: r.body.jwt });
  assert.equal(me.body.mobile, '09351112233');
});

test('register refuses a malformed mobile, fields outside allowedFields and a taken e-mail', async () => {
  const bad = await post('/auth/local/register', {
    username: 'm1x',
    email: 'm1x@example.com',
    password: 'Secret123!',
    mobile: '12345',
  });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.name, 'ValidationError');
  const extra = await post('/auth/local/register', {
    username: 'm2x',
    email: 'm2x@example.com',
    password: 'Secret123!',
    role: 1,
    confirmed: true,
  });
  assert.equal(extra.status, 400);
  const taken = await post('/auth/local/register', { username: 'demo2', email: DEMO.email, password: 'Secret123!' });
  assert.equal(taken.status, 400);
  assert.equal(taken.body.error.message, 'Email or Username are already taken');
});

test('login with e-mail or username returns {jwt, user}', async () => {
  for (const identifier of [DEMO.email, DEMO.username]) {
    const r = await post('/auth/local', { identifier, password: DEMO.password });
    assert.equal(r.status, 200, r.text);
    assert.match(r.body.jwt, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.equal(r.body.user.email, DEMO.email);
    assert.equal(r.body.user.mobile, DEMO.mobile);
  }
});

test('sign-in takes the identifier as the rate limit counts it: trimmed, any case, any digit script', async () => {
  // The limiter trimmed and case-folded these and sign-in did not: the right password was refused.
  for (const identifier of ['DEMO@Example.com ', 'demo ', ' Demo', '\tdemo@example.com', '۰۹۱۲۱۲۳۴۵۶۷ ']) {
    const r = await post('/auth/local', { identifier, password: DEMO.password });
    assert.equal(r.status, 200, `${JSON.stringify(identifier)}: ${r.text}`);
    assert.equal(r.body.user.username, DEMO.username);
  }
  const wrong = await post('/auth/local', { identifier: 'DEMO ', password: 'wrong-password' });
  assert.equal(wrong.status, 400);
  assert.equal(wrong.body.error.message, 'Invalid identifier or password');
});

test('a username differing only in case from two accounts names neither; the exact one still signs in', async () => {
  const stamp = Date.now().toString(36);
  const password = 'Passw0rd!x';
  const [lower, upper] = [`case${stamp}`, `CASE${stamp}`].map((username, i) => ({
    username,
    email: `case${stamp}${i}@example.com`,
    password,
  }));
  for (const account of [lower, upper])
    assert.equal((await post('/auth/local/register', account)).status, 200, account.username);
  const folded = await post('/auth/local', { identifier: `Case${stamp}`, password });
  assert.equal(folded.status, 400, folded.text);
  for (const account of [lower, upper]) {
    const r = await post('/auth/local', { identifier: ` ${account.username} `, password: account.password });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.user.username, account.username);
  }
});

test('a bad password answers exactly the 400 body of users-permissions', async () => {
  const r = await post('/auth/local', { identifier: DEMO.email, password: 'wrong-password' });
  assert.equal(r.status, 400);
  assert.deepEqual(r.body, {
    data: null,
    error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password', details: {} },
  });
});

test('/users/me with populate returns the user with mobile and role; without a token it is refused', async () => {
  const { jwt } = await login(DEMO.username, DEMO.password);
  for (const query of ['?populate=role', '?populate[0]=role', '?populate=*']) {
    const r = await get(`/users/me${query}`, { token: jwt });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.username, 'demo');
    assert.equal(r.body.mobile, DEMO.mobile);
    assert.equal(r.body.role.type, 'authenticated');
    assert.equal(r.body.role.name, 'Authenticated');
    assert.equal(r.body.password, undefined);
    assert.equal(r.body.resetPasswordToken, undefined);
  }
  const anon = await get('/users/me');
  assert.ok([401, 403].includes(anon.status), String(anon.status));
  const badToken = await get('/users/me', { token: 'not.a.jwt' });
  assert.equal(badToken.status, 401);
});

test('forgot password → captured mail → reset password → jwt; old password stops working', async () => {
  const u = await register('forgot');
  const unknown = await post('/auth/forgot-password', { email: 'nobody-here@example.com' });
  assert.equal(unknown.status, 200);
  assert.deepEqual(unknown.body, { ok: true });
  const r = await post('/auth/forgot-password', { email: u.email });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { ok: true });
  const mail = await waitForMail((m) => m.to === u.email);
  assert.equal(mail.subject, 'بازیابی رمز عبور');
  const code = /code=([a-f0-9]+)/.exec(mail.html || mail.text)[1];
  assert.ok((mail.html || mail.text).includes(`${process.env.SITE_URL}/login/reset-password?code=`), mail.text);
  assert.equal(readMails().filter((m) => m.to === 'nobody-here@example.com').length, 0);
  const mismatch = await post('/auth/reset-password', {
    code,
    password: 'NewPass123!',
    passwordConfirmation: 'Other123!',
  });
  assert.equal(mismatch.status, 400);
  const reset = await post('/auth/reset-password', {
    code,
    password: 'NewPass123!',
    passwordConfirmation: 'NewPass123!',
  });
  assert.equal(reset.status, 200, reset.text);
  assert.equal(typeof reset.body.jwt, 'string');
  assert.equal(reset.body.user.email, u.email);
  assert.equal((await post('/auth/local', { identifier: u.email, password: u.password })).status, 400);
  assert.equal((await post('/auth/local', { identifier: u.email, password: 'NewPass123!' })).status, 200);
  const reused = await post('/auth/reset-password', { code, password: 'Again123!', passwordConfirmation: 'Again123!' });
  assert.equal(reused.status, 400);
});

test('change password needs the current password and returns a fresh jwt', async () => {
  const u = await register('chpw');
  const wrong = await post(
    '/auth/change-password',
    { currentPassword: 'nope', password: 'Changed123!', passwordConfirmation: 'Changed123!' },
    { token: u.jwt },
  );
  assert.equal(wrong.status, 400);
  const anon = await post('/auth/change-password', {
    currentPassword: u.password,
    password: 'Changed123!',
    passwordConfirmation: 'Changed123!',
  });
  assert.ok([401, 403].includes(anon.status));
  const ok = await post(
    '/auth/change-password',
    { currentPassword: u.password, password: 'Changed123!', passwordConfirmation: 'Changed123!' },
    { token: u.jwt },
  );
  assert.equal(ok.status, 200, ok.text);
  assert.equal(typeof ok.body.jwt, 'string');
  assert.equal(ok.body.user.email, u.email);
  assert.equal((await post('/auth/local', { identifier: u.email, password: 'Changed123!' })).status, 200);
});

test('send e-mail confirmation: unknown address answers sent, a confirmed account is told so', async () => {
  const unknown = await post('/auth/send-email-confirmation', { email: 'ghost@example.com' });
  assert.equal(unknown.status, 200);
  assert.deepEqual(unknown.body, { email: 'ghost@example.com', sent: true });
  const confirmed = await post('/auth/send-email-confirmation', { email: DEMO.email });
  assert.equal(confirmed.status, 400);
  assert.equal(confirmed.body.error.message, 'Already confirmed');
  const invalid = await post('/auth/send-email-confirmation', { email: 'not-an-email' });
  assert.equal(invalid.status, 400);
});

test('social connect redirects to the provider with a non-secure session cookie over http', async () => {
  const r = await api('GET', '/connect/github');
  assert.equal(r.status, 302, r.text);
  const location = r.headers.get('location');
  assert.match(location, /^https:\/\/github\.com\/login\/oauth\/authorize\?/);
  assert.match(location, /client_id=test-client-id/);
  const cookie = r.headers.get('set-cookie') || '';
  assert.match(cookie, /koa\.sess/);
  assert.doesNotMatch(cookie, /;\s*secure/i);
  const disabled = await api('GET', '/connect/facebook');
  assert.equal(disabled.status, 400);
  assert.equal(disabled.body.error.message, 'This provider is disabled');
});

test('the social callback without a valid access token fails with a clear error', async () => {
  const r = await get('/auth/github/callback?access_token=invalid');
  assert.ok(r.status >= 400 && r.status < 500, String(r.status));
  assert.ok(r.body.error);
});

test('CORS allows the configured origins with credentials and refuses others', async () => {
  const ok = await api('OPTIONS', '/products', {
    headers: {
      origin: 'http://localhost:8080',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  });
  assert.ok([200, 204].includes(ok.status));
  assert.equal(ok.headers.get('access-control-allow-origin'), 'http://localhost:8080');
  assert.equal(ok.headers.get('access-control-allow-credentials'), 'true');
  const evil = await api('GET', '/products?pagination[pageSize]=1', { headers: { origin: 'http://evil.example' } });
  assert.notEqual(evil.headers.get('access-control-allow-origin'), 'http://evil.example');
});
