'use strict';

// Sessions that end. Measured before: /auth/local answered a 30-day JWT, signing out
// was local only, and the signed-out token kept working against the CMS for its 30 days.
const test = require('node:test');
const assert = require('node:assert/strict');
const { api, get, post, register, DEMO } = require('./helpers');

const REFRESH_COOKIE = 'user_refresh';

/** `name=value` of the refresh cookie the answer sets (the signature cookie koa adds rides along). */
function refreshCookie(response) {
  const cookies = response.headers.getSetCookie().filter((line) => line.startsWith(`${REFRESH_COOKIE}`));
  assert.ok(cookies.length > 0, `no ${REFRESH_COOKIE} cookie in ${response.headers.getSetCookie()}`);
  return { header: cookies.map((line) => line.split(';')[0]).join('; '), lines: cookies };
}

const payloadOf = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

test('sign-in answers an access token that lives minutes, and the refresh token only as an httpOnly cookie', async () => {
  const r = await post('/auth/local', { identifier: DEMO.email, password: DEMO.password, deviceId: 'test-device-a' });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.refreshToken, undefined, 'no refresh token a script could read');
  const { exp, iat, type } = payloadOf(r.body.jwt);
  assert.equal(type, 'access');
  assert.ok(exp - iat <= 15 * 60, `access token lives ${exp - iat} s`);
  const { lines } = refreshCookie(r);
  const main = lines.find((line) => line.startsWith(`${REFRESH_COOKIE}=`));
  assert.match(main, /httponly/i);
  assert.match(main, /path=\/api\/auth/i);
  assert.match(main, /samesite=lax/i);
  assert.equal((await get('/users/me', { token: r.body.jwt })).status, 200);
});

test('the refresh cookie gives a new access token and rotates itself; a session lasts 30 days', async () => {
  const signIn = await post('/auth/local', {
    identifier: DEMO.email,
    password: DEMO.password,
    deviceId: 'test-device-b',
  });
  const cookie = refreshCookie(signIn).header;
  const refreshed = await api('POST', '/auth/refresh', { body: {}, headers: { cookie } });
  assert.equal(refreshed.status, 200, refreshed.text);
  assert.equal(refreshed.body.refreshToken, undefined);
  assert.equal((await get('/users/me', { token: refreshed.body.jwt })).status, 200);
  const rotated = refreshCookie(refreshed).lines.find((line) => line.startsWith(`${REFRESH_COOKIE}=`));
  const { exp } = payloadOf(decodeURIComponent(rotated.split(';')[0].slice(REFRESH_COOKIE.length + 1)));
  const lifetime = exp - Date.now() / 1000;
  assert.ok(lifetime >= 29 * 24 * 3600, `refresh token lives ${lifetime} s`);
  // Without the cookie there is nothing to refresh.
  assert.equal((await api('POST', '/auth/refresh', { body: {} })).status, 400);
});

test('sign-out revokes the session: its refresh cookie and its access token are refused at once', async () => {
  const signIn = await post('/auth/local', {
    identifier: DEMO.email,
    password: DEMO.password,
    deviceId: 'test-device-c',
  });
  const cookie = refreshCookie(signIn).header;
  const oldAccess = signIn.body.jwt;
  // A refresh first: the family has two records now, both must go.
  const refreshed = await api('POST', '/auth/refresh', { body: {}, headers: { cookie } });
  assert.equal(refreshed.status, 200, refreshed.text);
  const rotatedCookie = refreshCookie(refreshed).header;

  const out = await api('POST', '/auth/logout', {
    token: refreshed.body.jwt,
    body: { deviceId: 'test-device-c' },
    headers: { cookie: rotatedCookie },
  });
  assert.equal(out.status, 200, out.text);
  assert.match(out.headers.getSetCookie().join('\n'), new RegExp(`${REFRESH_COOKIE}=;`), 'the cookie is cleared');

  assert.equal((await get('/users/me', { token: refreshed.body.jwt })).status, 401);
  assert.equal((await get('/users/me', { token: oldAccess })).status, 401);
  assert.equal((await api('POST', '/auth/refresh', { body: {}, headers: { cookie: rotatedCookie } })).status, 401);
  assert.equal((await api('POST', '/auth/refresh', { body: {}, headers: { cookie } })).status, 401);

  // Another device of the same customer is not signed out.
  const other = await post('/auth/local', {
    identifier: DEMO.email,
    password: DEMO.password,
    deviceId: 'test-device-d',
  });
  assert.equal((await get('/users/me', { token: other.body.jwt })).status, 200);
});

test('registration signs in like sign-in does: the refresh token only in the cookie, and it refreshes', async () => {
  const stamp = `${Date.now().toString(36)}n`;
  const registered = await post('/auth/local/register', {
    username: `new${stamp}`,
    email: `new${stamp}@example.com`,
    password: 'Passw0rd!x',
  });
  assert.equal(registered.status, 200, registered.text);
  assert.equal(registered.body.refreshToken, undefined, 'no refresh token a script could read');
  const refreshed = await api('POST', '/auth/refresh', {
    body: {},
    headers: { cookie: refreshCookie(registered).header },
  });
  assert.equal(refreshed.status, 200, refreshed.text);
  assert.equal((await get('/users/me', { token: refreshed.body.jwt })).status, 200);
});

test('a session begun by registration ends at sign-out too, though the browser never saw its deviceId', async () => {
  const stamp = `${Date.now().toString(36)}r`;
  const registered = await post('/auth/local/register', {
    username: `reg${stamp}`,
    email: `reg${stamp}@example.com`,
    password: 'Passw0rd!x',
  });
  assert.equal(registered.status, 200, registered.text);
  const cookie = refreshCookie(registered).header;
  assert.equal((await get('/users/me', { token: registered.body.jwt })).status, 200);

  // The browser signs out with its own device id, not the random one the CMS gave the session.
  const out = await api('POST', '/auth/logout', {
    token: registered.body.jwt,
    body: { deviceId: 'browser-device-never-used' },
    headers: { cookie },
  });
  assert.equal(out.status, 200, out.text);
  assert.equal((await get('/users/me', { token: registered.body.jwt })).status, 401);
  assert.equal((await api('POST', '/auth/refresh', { body: {}, headers: { cookie } })).status, 401);
});

test('a password change ends the other sessions and puts the new refresh token in the cookie, not the body', async () => {
  const u = await register('sess');
  const first = await post('/auth/local', { identifier: u.email, password: u.password });
  const changed = await post(
    '/auth/change-password',
    { currentPassword: u.password, password: 'Changed123!', passwordConfirmation: 'Changed123!' },
    { token: first.body.jwt },
  );
  assert.equal(changed.status, 200, changed.text);
  assert.equal(changed.body.refreshToken, undefined);
  const cookie = refreshCookie(changed).header;
  assert.equal((await get('/users/me', { token: first.body.jwt })).status, 401, 'the old session is gone');
  assert.equal((await get('/users/me', { token: changed.body.jwt })).status, 200);
  assert.equal((await api('POST', '/auth/refresh', { body: {}, headers: { cookie } })).status, 200);
});
