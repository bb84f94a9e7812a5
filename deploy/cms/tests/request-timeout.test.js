'use strict';

// Run by scripts/run-tests.js against a Strapi started with API_REQUEST_TIMEOUT_MS=1, so every
// read runs out of time: the caller gets a 400 naming the limit, and the CMS stays up.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get, api } = require('./helpers');

test('a read over the time limit answers 400 request-timeout; writes and the health check are not cut', async () => {
  for (let i = 0; i < 3; i++) {
    const r = await get('/products?pagination[pageSize]=100&populate=*');
    assert.equal(r.status, 400, r.text.slice(0, 200));
    assert.equal(r.body.error.details.limit, 'request-timeout');
    assert.match(r.body.error.message, /took longer than 1 ms \(API_REQUEST_TIMEOUT_MS\)/);
  }
  // The handlers that ran on after their answer did not take the CMS down.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  assert.equal((await api('GET', '/_health')).status, 204);
  // A write is never cut short (it would be reported failed while it goes on).
  const w = await api('POST', '/contact-messages', {
    body: { data: { name: 'آزمون', phone: '09120000004', message: 'زمان' } },
  });
  assert.ok(w.status === 200 || w.status === 201, w.text.slice(0, 200));
});
