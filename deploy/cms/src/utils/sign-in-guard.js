'use strict';

const { createHash } = require('crypto');

/**
 * Guesses spread over many addresses (src/middlewares/rate-limits.js, "Spread guesses"): the
 * per-address and per-account-per-minute ceilings let 30 addresses try 600 passwords on 50
 * accounts in a minute, none refused. Two more bounds, counted wherever the guesses come from:
 *
 * - per account, growing delays: `freeAttempts` (5) attempts, then each further attempt must come
 *   `baseDelayMs` (5 s) after the one before it, doubling with every attempt up to `maxDelayMs`
 *   (15 minutes); an attempt that comes sooner is refused (429, Retry-After) without its password
 *   being checked, and does not count. A success starts the account afresh. So an account gets 8
 *   guesses in its first minute under attack and ~4 an hour after, however many addresses ask;
 * - site-wide: past `siteFailuresPerMinute` (60) failed sign-ins in a minute, over all accounts,
 *   sign-in is slowed for everyone for the rest of that minute and the next: `slowedPerMinute` (30)
 *   attempts a minute are checked, the others refused (429, Retry-After).
 *
 * How the owner still gets in, decided: a device the account has signed in from before is known
 * (its `deviceId`, which the site keeps in the browser and sends with every sign-in; a random id
 * an attacker cannot guess, remembered as a digest for `knownDeviceDays`, 180). A known device
 * passes both bounds — and the per-account ceiling of the address limits — so guessing at an
 * account never locks its owner out of the browser they use; the per-address limits still hold
 * for it. On a new device the owner meets the delays like anyone (they apply per attempt, not as a
 * lock-out, and end with the owner's success), and the password-reset mail — a one-time link,
 * limited per address only — signs them in whatever the guessing. A lock-out by count (N failures,
 * then nobody for an hour) would have given any attacker a way to shut any customer out.
 *
 * Counted in Redis when the CMS has one (REDIS_URL: every counter is one atomic script), in memory
 * otherwise. Redis unreachable: nothing is refused for it (like the address limits).
 */

const KEY_PREFIX = 'steel:cms:sign-in:';
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const DEFAULTS = {
  freeAttempts: 5,
  baseDelayMs: 5000,
  maxDelayMs: 15 * 60 * 1000,
  siteFailuresPerMinute: 60,
  slowedPerMinute: 30,
  knownDeviceDays: 180,
};

/** How long after its previous attempt an account's next may come, once `attempts` were made. */
const delayAfter = (attempts, policy) =>
  attempts < policy.freeAttempts
    ? 0
    : Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempts - policy.freeAttempts));

const deviceKey = (account, deviceId) =>
  `device:${account}:${createHash('sha256').update(String(deviceId)).digest('base64url')}`;

/** The counters in this process's memory (one CMS, or tests). */
function memoryCounters(policy) {
  const entries = new Map();
  const live = (key, now) => {
    const entry = entries.get(key);
    if (entry && entry.expires <= now) entries.delete(key);
    return entries.get(key);
  };
  const set = (key, value, ttlMs, now) => entries.set(key, { value, expires: now + ttlMs });
  // Expired entries go when a key is met again, or here (a count of accounts, not of requests).
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);
  }, MINUTE_MS);
  sweep.unref();
  return {
    async admitAccount(account, now) {
      const state = live(`account:${account}`, now)?.value ?? { attempts: 0, last: 0 };
      const wait = delayAfter(state.attempts, policy) - (now - state.last);
      if (wait > 0) return wait;
      set(`account:${account}`, { attempts: state.attempts + 1, last: now }, DAY_MS, now);
      return 0;
    },
    async forgetAccount(account) {
      entries.delete(`account:${account}`);
    },
    async uncountAccount(account, now) {
      const entry = live(`account:${account}`, now);
      if (entry && entry.value.attempts > 0) entry.value = { ...entry.value, attempts: entry.value.attempts - 1 };
    },
    async siteFailed(now) {
      const window = live('site:failures', now) ?? { value: 0, expires: now + MINUTE_MS };
      entries.set('site:failures', { value: window.value + 1, expires: window.expires });
      if (window.value + 1 > policy.siteFailuresPerMinute) set('site:slowed', true, 2 * MINUTE_MS, now);
    },
    async admitSlowed(now) {
      if (!live('site:slowed', now)) return 0;
      const window = live('site:slowed-attempts', now) ?? { value: 0, expires: now + MINUTE_MS };
      if (window.value >= policy.slowedPerMinute) return window.expires - now;
      entries.set('site:slowed-attempts', { value: window.value + 1, expires: window.expires });
      return 0;
    },
    async knownDevice(account, deviceId, now) {
      return Boolean(live(deviceKey(account, deviceId), now));
    },
    async rememberDevice(account, deviceId, now) {
      set(deviceKey(account, deviceId), true, policy.knownDeviceDays * DAY_MS, now);
    },
  };
}

// KEYS[1] the account's hash; ARGV now, free, base, max, ttl. Returns the wait (0: admitted, counted).
const ADMIT_ACCOUNT_LUA = `
local attempts = tonumber(redis.call('HGET', KEYS[1], 'attempts') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local now, free, base, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if attempts >= free then
  local wait = math.min(max, base * 2 ^ (attempts - free)) - (now - last)
  if wait > 0 then return math.ceil(wait) end
end
redis.call('HSET', KEYS[1], 'attempts', attempts + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 0`;
// KEYS[1] the account's hash: an admitted attempt that was not checked after all is taken back.
const UNCOUNT_ACCOUNT_LUA = `
if tonumber(redis.call('HGET', KEYS[1], 'attempts') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'attempts', -1) end
return 0`;
// KEYS[1] the minute's failures, KEYS[2] the slowed flag; ARGV threshold, minute.
const SITE_FAILED_LUA = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if n > tonumber(ARGV[1]) then redis.call('SET', KEYS[2], '1', 'PX', 2 * tonumber(ARGV[2])) end
return n`;
// KEYS[1] the slowed flag, KEYS[2] the minute's slowed attempts; ARGV per minute, minute. Returns the wait.
const ADMIT_SLOWED_LUA = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local n = tonumber(redis.call('GET', KEYS[2]) or '0')
if n >= tonumber(ARGV[1]) then
  local ttl = redis.call('PTTL', KEYS[2])
  if ttl > 0 then return ttl end
  return tonumber(ARGV[2])
end
n = redis.call('INCR', KEYS[2])
if n == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return 0`;

/** The counters in Redis, shared by every CMS on it; an unreachable Redis admits (and is warned of by its store). */
function redisCounters(client, policy, onError) {
  client.defineCommand('steelSignInAdmitAccount', { numberOfKeys: 1, lua: ADMIT_ACCOUNT_LUA });
  client.defineCommand('steelSignInUncountAccount', { numberOfKeys: 1, lua: UNCOUNT_ACCOUNT_LUA });
  client.defineCommand('steelSignInSiteFailed', { numberOfKeys: 2, lua: SITE_FAILED_LUA });
  client.defineCommand('steelSignInAdmitSlowed', { numberOfKeys: 2, lua: ADMIT_SLOWED_LUA });
  const safely = async (fallback, command) => {
    try {
      return await command();
    } catch (error) {
      onError(error);
      return fallback;
    }
  };
  return {
    admitAccount: (account, now) =>
      safely(0, async () =>
        Number(
          await client.steelSignInAdmitAccount(
            `${KEY_PREFIX}account:${account}`,
            now,
            policy.freeAttempts,
            policy.baseDelayMs,
            policy.maxDelayMs,
            DAY_MS,
          ),
        ),
      ),
    forgetAccount: (account) => safely(undefined, () => client.del(`${KEY_PREFIX}account:${account}`)),
    uncountAccount: (account) =>
      safely(undefined, () => client.steelSignInUncountAccount(`${KEY_PREFIX}account:${account}`)),
    siteFailed: () =>
      safely(undefined, () =>
        client.steelSignInSiteFailed(
          `${KEY_PREFIX}site:failures`,
          `${KEY_PREFIX}site:slowed`,
          policy.siteFailuresPerMinute,
          MINUTE_MS,
        ),
      ),
    admitSlowed: () =>
      safely(0, async () =>
        Number(
          await client.steelSignInAdmitSlowed(
            `${KEY_PREFIX}site:slowed`,
            `${KEY_PREFIX}site:slowed-attempts`,
            policy.slowedPerMinute,
            MINUTE_MS,
          ),
        ),
      ),
    knownDevice: (account, deviceId) =>
      safely(false, async () => (await client.exists(`${KEY_PREFIX}${deviceKey(account, deviceId)}`)) === 1),
    rememberDevice: (account, deviceId) =>
      safely(undefined, () =>
        client.set(`${KEY_PREFIX}${deviceKey(account, deviceId)}`, '1', 'PX', policy.knownDeviceDays * DAY_MS),
      ),
  };
}

/** A `deviceId` as the site sends it: a short string, or none. */
const deviceIdOf = (body) =>
  body && typeof body.deviceId === 'string' && body.deviceId.length > 0 && body.deviceId.length <= 200
    ? body.deviceId
    : null;

/**
 * The guard of `POST /auth/local`: `admit` before the password is checked (a wait in ms when the
 * attempt must be refused, 0 when it goes on), `settle` with its outcome. `redis`: the rate
 * limits' client, when there is one.
 */
function createSignInGuard(settings = {}, { redis, onRedisError = () => {} } = {}) {
  const policy = { ...DEFAULTS, ...Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) };
  const counters = redis ? redisCounters(redis, policy, onRedisError) : memoryCounters(policy);
  return {
    policy,
    /** Whether the attempt comes from a device that signed in to this account before. */
    async knownDevice(account, body) {
      const deviceId = deviceIdOf(body);
      return Boolean(deviceId) && counters.knownDevice(account, deviceId, Date.now());
    },
    /** The wait (ms) an unknown device's attempt must be refused for, or 0 once it is admitted (and counted). */
    async admit(account) {
      const now = Date.now();
      const slowed = await counters.admitSlowed(now);
      if (slowed > 0) return { wait: slowed, why: 'site' };
      const wait = await counters.admitAccount(account, now);
      return wait > 0 ? { wait, why: 'account' } : { wait: 0 };
    },
    /**
     * An attempt's outcome: a success starts the account afresh and remembers its device; a failure
     * counts site-wide; an attempt another limit refused before its password was checked is taken
     * back from the account's.
     */
    async settle(account, body, outcome) {
      const now = Date.now();
      if (outcome === 'succeeded') {
        await counters.forgetAccount(account);
        const deviceId = deviceIdOf(body);
        if (deviceId) await counters.rememberDevice(account, deviceId, now);
      } else if (outcome === 'failed') {
        await counters.siteFailed(now);
      } else {
        await counters.uncountAccount(account, now);
      }
    },
  };
}

module.exports = { createSignInGuard, delayAfter, DEFAULTS };
