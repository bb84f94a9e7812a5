'use strict';

// Run by scripts/test-redis.js (npm run test:redis) against a Strapi started with REDIS_URL and
// the rate limits on (FORM_RATE_LIMIT_MAX=3, AUTH_RATE_LIMIT_MAX=3): the counters of both
// limiters live in Redis, not in the CMS's memory. The last test shuts Redis down.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const { post } = require('./helpers');

const REDIS_URL = process.env.CMS_REDIS_URL;
const PREFIX = 'steel:cms:ratelimit:';
const skip = REDIS_URL ? false : 'needs CMS_REDIS_URL (npm run test:redis)';
let redis;

test.before(async () => {
  if (skip) return;
  const Redis = require('ioredis');
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
});
test.after(() => {
  if (redis) redis.disconnect();
});

const contact = (i) =>
  post('/contact-messages', { data: { name: 'آزمون ردیس', phone: '09120000007', message: `پیام ${i}` } });
const wrongSignIn = () => post('/auth/local', { identifier: 'redis-nobody@example.com', password: 'wrong' });
const isPersian429 = (r) => {
  assert.equal(r.status, 429, r.text.slice(0, 200));
  assert.equal(r.body.error.name, 'RateLimitError');
  assert.match(r.body.error.message, /[\u0600-\u06FF]/);
  assert.ok(Number(r.headers.get('retry-after')) > 0, 'Retry-After');
};
const keys = async (pattern) => (await redis.keys(`${PREFIX}${pattern}`)).sort();

test(
  'a public form: 3 per address, then 429 in Persian; the counter is a Redis key with the window as its TTL',
  { skip },
  async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await contact(i)).status);
    assert.deepEqual(statuses, [201, 201, 201, 429]);
    isPersian429(await contact(4));
    const [key] = await keys('public-form|POST /api/contact-messages|*');
    assert.ok(key, 'counter key in Redis');
    assert.equal(Number(await redis.get(key)), 5);
    const ttl = await redis.pttl(key);
    assert.ok(ttl > 0 && ttl <= 10 * 60 * 1000, `PTTL ${ttl}`);
  },
);

test('deleting the Redis key lets the address through again: the count is not kept in the CMS', { skip }, async () => {
  const [key] = await keys('public-form|POST /api/contact-messages|*');
  await redis.del(key);
  assert.equal((await contact('again')).status, 201);
  assert.equal(Number(await redis.get(key)), 1);
});

test("users-permissions' own limiter (per account and address) counts in Redis too", { skip }, async () => {
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await wrongSignIn()).status);
  assert.deepEqual(statuses, [400, 400, 400, 429]);
  isPersian429(await wrongSignIn());
  const plugin = await keys('noIdentifier:/api/auth/local:*');
  assert.equal(plugin.length, 1, `plugin keys: ${plugin}`);
  assert.match(plugin[0], /\|name:redis-nobody@example\.com$/, 'per account and address');
  const ttl = await redis.pttl(plugin[0]);
  assert.ok(ttl > 0 && ttl <= 60 * 1000, `PTTL ${ttl}`);
  // The per-address sign-in ceiling of our middleware counted the same five attempts.
  const [address] = await keys('sign-in-address|POST /api/auth/local|*');
  assert.equal(Number(await redis.get(address)), 5);
  // …and the spread-guess bounds counted the account's attempts whatever the address, keyed by the
  // name's normalised spelling: the three checked (the plugin refused the two others before that).
  assert.equal(Number(await redis.hget('steel:cms:sign-in:account:name:redis-nobody@example.com', 'attempts')), 3);
  await redis.del(plugin[0]);
  assert.equal((await wrongSignIn()).status, 400, 'allowed again once the key is gone');
});

test('Redis unreachable: requests go through uncounted (fail open) and the CMS warns once', { skip }, async () => {
  const [key] = await keys('public-form|POST /api/contact-messages|*');
  await redis.set(key, 100, 'PX', 60000);
  isPersian429(await contact('blocked'));
  await redis.call('SHUTDOWN', 'NOSAVE').catch(() => {}); // the connection closes as Redis exits
  const t0 = Date.now();
  for (let i = 0; i < 3; i++) assert.equal((await contact(`down ${i}`)).status, 201);
  assert.equal((await wrongSignIn()).status, 400);
  assert.ok(Date.now() - t0 < 5000, `took ${Date.now() - t0} ms`);
  const logFile = process.env.CMS_LOG_FILE;
  if (logFile) {
    const warnings = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('Redis unavailable'));
    assert.equal(warnings.length, 1, warnings.join('\n'));
  }
});
