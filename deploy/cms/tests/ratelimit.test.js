'use strict';

// Run by scripts/run-tests.js against a Strapi started with the auth rate limit on (the default).
const test = require('node:test');
const assert = require('node:assert/strict');
const { post } = require('./helpers');

test('the auth rate limit answers 429 after 10 attempts a minute', async () => {
  const statuses = [];
  for (let i = 0; i < 12; i++) {
    const r = await post('/auth/local', { identifier: 'nobody@example.com', password: 'wrong' });
    statuses.push(r.status);
  }
  // Earlier tests of this phase may have used a few of the 10 attempts of this minute.
  const first429 = statuses.indexOf(429);
  assert.ok(first429 >= 1 && first429 <= 10, `statuses: ${statuses}`);
  assert.ok(statuses.slice(0, first429).every((s) => s === 400), `statuses: ${statuses}`);
  assert.ok(statuses.slice(first429).every((s) => s === 429), `statuses: ${statuses}`);
  const last = await post('/auth/local', { identifier: 'nobody@example.com', password: 'wrong' });
  assert.equal(last.body.error.name, 'RateLimitError');
  // Sign-in by mobile is the same route: the same limit.
  const byMobile = await post('/auth/local', { identifier: '۰۹۱۲۱۲۳۴۵۶۷', password: 'wrong' });
  assert.equal(byMobile.status, 429);
});
