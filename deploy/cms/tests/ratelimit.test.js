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
  assert.deepEqual(statuses.slice(0, 10), Array(10).fill(400));
  assert.equal(statuses[11], 429);
  const last = await post('/auth/local', { identifier: 'nobody@example.com', password: 'wrong' });
  assert.equal(last.body.error.name, 'RateLimitError');
});
