'use strict';

// Run by scripts/run-tests.js in the rate-limit phase, last (it slows sign-in for everyone for two
// minutes): guesses spread over many accounts and addresses (src/utils/sign-in-guard.js). Each
// address is one of this machine's loopback addresses (tests/from-address.js), as the CMS counts
// `ctx.request.ip`; X-Forwarded-For is believed only from a configured proxy.
const test = require('node:test');
const assert = require('node:assert/strict');
const { apiFrom, confirmedAccountFrom } = require('./from-address');

const ATTEMPTS = 600;
const ACCOUNTS = 50;
const ADDRESSES = 30;
/** Attempts under way at once: an attack sends them as fast as it is answered. */
const AT_ONCE = 20;

test('600 wrong passwords over 50 accounts from 30 addresses are slowed and refused, and the owner still signs in from their device', async () => {
  const owner = await confirmedAccountFrom('127.0.3.100', 'owner');
  const phone = `owner-phone-${Math.random().toString(36).slice(2)}`;
  // The owner signs in from their phone, as on any day: the CMS remembers the device for the account.
  const usual = await apiFrom('127.0.3.100', 'POST', '/auth/local', {
    body: { identifier: owner.email, password: owner.password, deviceId: phone },
  });
  assert.equal(usual.status, 200, usual.text);

  const stamp = Date.now().toString(36);
  const accounts = [owner.email, ...Array.from({ length: ACCOUNTS - 1 }, (_, i) => `target${i}-${stamp}@example.com`)];
  const answers = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let i = next++; i < ATTEMPTS; i = next++) {
        const account = accounts[i % ACCOUNTS];
        const answer = await apiFrom(`127.0.3.${(i % ADDRESSES) + 1}`, 'POST', '/auth/local', {
          body: { identifier: account, password: `guess-${i}`, deviceId: `attacker-${i}` },
        });
        answers.push({ account, answer });
      }
    }),
  );
  const checked = answers.filter(({ answer }) => answer.status === 400);
  const refused = answers.filter(({ answer }) => answer.status === 429);
  assert.equal(
    checked.length + refused.length,
    ATTEMPTS,
    JSON.stringify([...new Set(answers.map((a) => a.answer.status))]),
  );
  // Most guesses were never checked: the site slowed sign-in once failures poured in (the phase
  // allows 150 a minute before that: its other tests fail many on purpose), and no account took
  // more than the delays let through.
  assert.ok(checked.length <= 250, `${checked.length} of ${ATTEMPTS} passwords were checked`);
  const perAccount = new Map();
  for (const { account } of checked) perAccount.set(account, (perAccount.get(account) ?? 0) + 1);
  assert.ok(Math.max(...perAccount.values()) <= 10, JSON.stringify([...perAccount]));
  const limits = new Set(refused.map(({ answer }) => answer.body.error.details.limit));
  assert.ok(limits.has('sign-in-site'), [...limits].join());
  for (const { answer } of refused) {
    assert.equal(answer.body.error.name, 'RateLimitError');
    assert.match(answer.body.error.message, /[\u0600-\u06FF]/);
    assert.ok(Number(answer.headers.get('retry-after')) > 0, 'Retry-After');
  }

  // The owner signs in all the same, from their phone on another network, while sign-in is slowed.
  const after = await apiFrom('127.0.3.101', 'POST', '/auth/local', {
    body: { identifier: owner.username, password: owner.password, deviceId: phone },
  });
  assert.equal(after.status, 200, after.text);
  assert.ok(after.body.jwt);
  // A wrong password from that phone is answered as one (checked, not refused), like any typo.
  const typo = await apiFrom('127.0.3.101', 'POST', '/auth/local', {
    body: { identifier: owner.username, password: 'typo', deviceId: phone },
  });
  assert.equal(typo.status, 400, typo.text);
});
