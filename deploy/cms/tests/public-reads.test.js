'use strict';

// Run by scripts/run-tests.js last in the rate-limit phase: public reads limited per address
// (PUBLIC_READ_RATE_LIMIT_MAX=200 there), heavy reads spaced and bounded, refusals held a moment,
// the app server's reads (SITE_READ_SECRET) not counted. The tests share one address and run in this order; the last
// one spends the address's reads for the minute.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get } = require('./helpers');
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

test('heavy reads are spaced per address (10 a minute: one every 6 s), ordinary ones go on', async () => {
  const refused = await get(HEAVY);
  refusedInPersian(refused);
  assert.ok(Number(refused.headers.get('retry-after')) <= 6);
  assert.equal((await get(ORDINARY)).status, 200);
});

test("the app server's reads carry the site secret and are not counted; a wrong secret is", async () => {
  const ok = await get(HEAVY, { headers: SITE_READ });
  assert.equal(ok.status, 200);
  refusedInPersian(await get(HEAVY, { headers: { 'x-site-read': 'guessed' } }));
});

test('ordinary reads: 200 a minute per address, then 429 in Persian; the site itself still reads', async () => {
  let answered = 0;
  let refused = null;
  while (answered < 250 && !refused) {
    const r = await get(ORDINARY);
    if (r.status === 429) refused = r;
    else answered++;
  }
  assert.ok(refused, 'no refusal after 250 reads');
  // Earlier reads of this phase shared the minute's 200.
  assert.ok(answered > 60 && answered < 200, `${answered} answered before the first refusal`);
  refusedInPersian(refused);
  refusedInPersian(await get(ORDINARY));
  assert.equal((await get(ORDINARY, { headers: SITE_READ })).status, 200);
});

test("a signed-in customer's reads are counted per account, not as their address's anonymous reads", async () => {
  // Its own address: the ones above have spent 127.0.0.1's reads.
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
  assert.equal(again.body.error.details.limit, 'public-heavy-read');
  // A made-up token is not an account: counted as the address's (already spaced).
  const madeUp = await apiFrom(address, 'GET', HEAVY, { token: `${token.slice(0, -4)}abcd` });
  refusedInPersian(madeUp);
});
