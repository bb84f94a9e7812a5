'use strict';

// Run by scripts/run-tests.js last in the rate-limit phase: public reads limited per reader
// (PUBLIC_READ_RATE_LIMIT_MAX=200 there) and by what they cost, per reader and for all readers
// together (the defaults), refusals held a moment, the app server's reads (SITE_READ_SECRET) not
// counted. The first tests share one address and run in this order.
const test = require('node:test');
const assert = require('node:assert/strict');
const { BASE, get } = require('./helpers');
const { apiFrom, confirmedAccountFrom } = require('./from-address');

const HEAVY = '/products?pagination[pageSize]=100&populate=*';
const ORDINARY = '/products?fields[0]=slug&pagination[pageSize]=5';
const SITE_READ = { 'x-site-read': process.env.SITE_READ_SECRET };
const PERSIAN = /[\u0600-\u06FF]/;

const refusedInPersian = (r) => {
  assert.equal(r.status, 429, r.text.slice(0, 200));
  assert.match(r.body.error.message, PERSIAN);
  assert.ok(Number(r.headers.get('retry-after')) > 0, 'Retry-After');
};

test('32 heavy reads at once from one address: one is answered, the rest refused in Persian', async () => {
  const answers = await Promise.all(Array.from({ length: 32 }, () => get(HEAVY)));
  const statuses = answers.map((r) => r.status);
  assert.ok(statuses.filter((s) => s === 200).length <= 1, `statuses: ${statuses}`);
  assert.ok(statuses.filter((s) => s === 429).length >= 31, `statuses: ${statuses}`);
  refusedInPersian(answers.find((r) => r.status === 429));
});

test('an ordinary read is answered while the heavy flood goes on', async () => {
  const flood = Promise.all(Array.from({ length: 16 }, () => get(HEAVY)));
  const ordinary = await get(ORDINARY);
  assert.equal(ordinary.status, 200);
  assert.equal(ordinary.body.data.length, 5);
  assert.ok((await flood).every((r) => r.status === 429));
});

test("heavy reads wait for the reader's allowance (12,000 units a minute), ordinary ones go on", async () => {
  const refused = await get(HEAVY);
  refusedInPersian(refused);
  assert.equal(refused.body.error.details.limit, 'public-read-cost');
  // The allowance refills 200 units a second: the wait is what the one heavy read served cost.
  const { cost } = refused.body.error.details;
  assert.ok(cost > 1000, `populate=* priced ${cost}`);
  assert.ok(Number(refused.headers.get('retry-after')) <= Math.ceil(cost / 200), refused.headers.get('retry-after'));
  assert.equal((await get(ORDINARY)).status, 200);
});

test("the app server's reads carry the site secret and are not counted; a wrong secret is", async () => {
  const ok = await get(HEAVY, { headers: SITE_READ });
  assert.equal(ok.status, 200);
  // A wrong secret reads as anyone does: a burst of heavy reads gets one answer at most, as in the
  // first test. (A single read could find the allowance refilled when a busy machine made the tests above slow.)
  const guessed = await Promise.all(
    Array.from({ length: 8 }, () => get(HEAVY, { headers: { 'x-site-read': 'guessed' } })),
  );
  const statuses = guessed.map((r) => r.status);
  assert.ok(statuses.filter((s) => s === 429).length >= 7, `statuses: ${statuses}`);
  refusedInPersian(guessed.find((r) => r.status === 429));
});

test('ordinary reads: 200 a minute per address, then 429 in Persian; the site itself still reads', async () => {
  // An address of its own, whose allowance no heavy read has spent: the count is what refuses.
  const address = '127.0.0.31';
  let answered = 0;
  let refused = null;
  while (answered < 250 && !refused) {
    const r = await apiFrom(address, 'GET', ORDINARY);
    if (r.status === 429) refused = r;
    else answered++;
  }
  assert.ok(refused, 'no refusal after 250 reads');
  assert.equal(answered, 200);
  refusedInPersian(refused);
  assert.equal(refused.body.error.details.limit, 'public-read');
  refusedInPersian(await apiFrom(address, 'GET', ORDINARY));
  assert.equal((await apiFrom(address, 'GET', ORDINARY, { headers: SITE_READ })).status, 200);
});

test("a signed-in customer's reads are counted per account, not as their address's anonymous reads", async () => {
  // Its own address: the ones above have spent 127.0.0.1's allowance.
  const address = '127.0.0.30';
  const account = await confirmedAccountFrom(address, 'reader');
  const signedIn = await apiFrom(address, 'POST', '/auth/local', {
    body: { identifier: account.email, password: account.password },
  });
  assert.equal(signedIn.status, 200, signedIn.text);
  const token = signedIn.body.jwt;
  const ticket = await apiFrom(address, 'POST', '/tickets', {
    token,
    body: { data: { subject: 'خواندن', messages: [{ body: 'پیام' }] } },
  });
  assert.equal(ticket.status, 201, ticket.text);

  // Reading their own tickets twice within 6 s was a refused «heavy» anonymous read of the address.
  for (let i = 0; i < 2; i++) {
    const own = await apiFrom(address, 'GET', '/tickets?populate=*', { token });
    assert.equal(own.status, 200, own.text.slice(0, 200));
    assert.equal(own.body.data.length, 1);
  }
  // The address's own heavy read is still its own to make, once…
  assert.equal((await apiFrom(address, 'GET', HEAVY)).status, 200);
  refusedInPersian(await apiFrom(address, 'GET', HEAVY));
  // …and the account's heavy reads of public content are spaced like any reader's, per account.
  assert.equal((await apiFrom(address, 'GET', HEAVY, { token })).status, 200);
  const again = await apiFrom(address, 'GET', HEAVY, { token });
  refusedInPersian(again);
  assert.equal(again.body.error.details.limit, 'public-read-cost');
  // A made-up token is not an account: counted as the address's (already spaced).
  const madeUp = await apiFrom(address, 'GET', HEAVY, { token: `${token.slice(0, -4)}abcd` });
  refusedInPersian(madeUp);
});

/**
 * `connections` loops of `path`, one from each of as many loopback addresses (`<base>.1`, `.2`…),
 * for `ms`: every answer, and the seconds from the first request to the last answer.
 */
async function floodFrom(base, connections, path, ms) {
  const started = performance.now();
  const answers = [];
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      while (performance.now() - started < ms) answers.push(await apiFrom(`${base}.${i + 1}`, 'GET', path));
    }),
  );
  return { answers, seconds: (performance.now() - started) / 1000 };
}

/**
 * The most expensive reads all readers together may be served in `seconds`: the global allowance's
 * burst, what it refills meanwhile, and one read let through when nothing is owed.
 */
function globalBound(answers, seconds) {
  const refusal = answers.find((r) => r.status === 429 && r.body.error.details.limit === 'public-expensive-reads');
  assert.ok(refusal, `no read refused by the global allowance: ${answers.map((r) => r.status)}`);
  const { cost, perSecond, atOnce } = refusal.body.error.details;
  return { cost, most: Math.floor((atOnce + perSecond * seconds) / cost) + 1 };
}

test('the heavy flood spread over 32 addresses gets what the global allowance gives, not 32 times one address', async () => {
  const flood = floodFrom('127.0.1', 32, HEAVY, 5000);
  // A visitor on another address meanwhile: answered.
  const ordinary = await apiFrom('127.0.0.2', 'GET', ORDINARY);
  const { answers, seconds } = await flood;
  assert.equal(ordinary.status, 200, ordinary.text.slice(0, 200));
  assert.equal(ordinary.body.data.length, 5);
  const served = answers.filter((r) => r.status === 200).length;
  const { most } = globalBound(answers, seconds);
  assert.ok(served >= 1 && served <= most, `${served} heavy reads served in ${seconds.toFixed(1)} s; at most ${most}`);
  // Every address had its own allowance to spend: the global rule is what refused them.
  assert.ok(served < 32, `${served} served`);
  refusedInPersian(answers.find((r) => r.status === 429));
  assert.equal(answers.filter((r) => r.status !== 200 && r.status !== 429).length, 0);
});

test('32 connections of un-populated pageSize=100 pages (100 price histories each) are priced as expensive', async () => {
  const PAGE = '/products?pagination[pageSize]=100';
  const flood = floodFrom('127.0.2', 32, PAGE, 5000);
  const ordinary = await apiFrom('127.0.0.2', 'GET', ORDINARY);
  const { answers, seconds } = await flood;
  assert.equal(ordinary.status, 200, ordinary.text.slice(0, 200));
  const served = answers.filter((r) => r.status === 200);
  assert.ok(served.length >= 1, 'none served');
  assert.equal(served[0].body.data.length, 100);
  const { cost, most } = globalBound(answers, seconds);
  assert.ok(cost >= 250, `priced ${cost}`);
  assert.ok(served.length <= most, `${served.length} pages served in ${seconds.toFixed(1)} s; at most ${most}`);
  refusedInPersian(answers.find((r) => r.status === 429));

  // The router reads any case and a trailing slash as the same collection: so is it priced.
  const spellings = [`${BASE}/API/products`, '/PRODUCTS/', '/Products//', '/products'];
  const again = [];
  for (let i = 0; i < 6; i++) {
    const spelling = spellings[i % spellings.length];
    again.push(await apiFrom('127.0.0.32', 'GET', `${spelling}?pagination[pageSize]=100`));
  }
  const refusals = again.filter((r) => r.status === 429);
  assert.ok(refusals.length >= 1, `statuses: ${again.map((r) => r.status)}`);
  for (const r of refusals) assert.equal(r.body.error.details.cost, cost, r.text.slice(0, 200));
});
