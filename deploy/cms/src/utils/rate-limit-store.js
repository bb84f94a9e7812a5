'use strict';

const Redis = require('ioredis');
// The plugin's limiter checks `store instanceof Store` against this same module.
const {
  Stores: { Store },
} = require('koa2-ratelimit');

const KEY_PREFIX = 'steel:cms:ratelimit:';
const WARN_EVERY_MS = 60 * 1000;
// How long a counter may take before the request goes through uncounted.
const COMMAND_TIMEOUT_MS = 500;

// KEYS[1] counter; ARGV[1] weight, ARGV[2] interval (ms). The window starts with the first hit:
// the expiry is set only when the key is new (or somehow lost its expiry), never extended.
const INCR_LUA = `
local n = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == tonumber(ARGV[1]) or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {n, ttl}`;

// Only an existing counter is decremented: a lapsed window is not brought back without expiry.
const DECR_LUA = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECRBY', KEYS[1], ARGV[1]) end
return 0`;

/**
 * koa2-ratelimit Store with the counters in Redis (keys `steel:cms:ratelimit:<limiter key>`), so
 * every limit holds across restarts of the CMS and can be read where Redis is shared.
 *
 * When Redis cannot be reached the request is allowed (fail open) and a warning is logged at most
 * once a minute: an outage of the counter store must never stop customers signing in or sending a
 * form; the limits come back by themselves when Redis does.
 */
class RedisRateLimitStore extends Store {
  constructor(client, { log = console } = {}) {
    super();
    this.client = client;
    this.log = log;
    this.lastWarning = 0;
    client.defineCommand('steelRateLimitIncr', { numberOfKeys: 1, lua: INCR_LUA });
    client.defineCommand('steelRateLimitDecr', { numberOfKeys: 1, lua: DECR_LUA });
  }

  warn(error) {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    const logger = (global.strapi && global.strapi.log) || this.log;
    logger.warn(`[rate-limit] Redis unavailable, requests are not counted for now: ${error && error.message}`);
  }

  // Between reconnection attempts a command would only wait: skip it at once.
  usable() {
    return !['reconnecting', 'close', 'end'].includes(this.client.status);
  }

  async incr(key, options, weight = 1) {
    if (this.usable()) {
      try {
        const [counter, ttl] = await this.client.steelRateLimitIncr(KEY_PREFIX + key, weight, options.interval);
        return { counter: Number(counter), dateEnd: Date.now() + Number(ttl) };
      } catch (error) {
        this.warn(error);
      }
    } else {
      this.warn(new Error(`connection ${this.client.status}`));
    }
    return { counter: 0, dateEnd: Date.now() + options.interval };
  }

  async decrement(key, options, weight = 1) {
    if (!this.usable()) return;
    try {
      await this.client.steelRateLimitDecr(KEY_PREFIX + key, weight);
    } catch (error) {
      this.warn(error);
    }
  }

  // Like the memory store: abuse is answered with 429, not recorded.
  saveAbuse() {}
}

let shared = null;

/**
 * The one Redis rate-limit store of this process (both limiters), or undefined without
 * REDIS_URL — then koa2-ratelimit keeps its default in-memory store. The connection is opened
 * by the first counted request, not when the configuration is read (`strapi build` etc.).
 */
function rateLimitStore(url = process.env.REDIS_URL) {
  if (!url) return undefined;
  if (shared) return shared;
  const client = new Redis(url, {
    lazyConnect: true,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    connectionName: 'steel-cms-ratelimit',
  });
  const store = new RedisRateLimitStore(client);
  // Without a listener ioredis prints every failed reconnection; the store warns once a minute.
  client.on('error', (error) => store.warn(error));
  shared = store;
  return store;
}

/** Closes the shared connection (Strapi's destroy). */
async function closeRateLimitStore() {
  if (!shared) return;
  const { client } = shared;
  shared = null;
  if (client.status === 'wait' || client.status === 'end') {
    client.disconnect();
    return;
  }
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}

module.exports = { rateLimitStore, closeRateLimitStore, RedisRateLimitStore, KEY_PREFIX };
