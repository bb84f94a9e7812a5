'use strict';

const qs = require('qs');
const { RateLimit } = require('koa2-ratelimit');
const { errors } = require('@strapi/utils');
const { priceOfRead } = require('../utils/read-cost');
const { CostAllowance } = require('../utils/cost-allowance');
const { readTargets } = require('../utils/read-targets');
const { readerOf, readsOwnRecords } = require('../utils/reader');
const { TOO_MANY_FA } = require('./rate-limits');
const { siteCallCheck, SITE_READ_HEADER } = require('../utils/site-call');

/** Said when a reader already has an expensive read running, or the expensive reads' allowance is spent. */
const BUSY_FA = 'سامانه در حال پاسخ به درخواست‌های سنگین دیگری است. لطفاً چند لحظه دیگر دوباره تلاش کنید.';
/** Said when a reader has spent its allowance of database work for the moment. */
const COSTLY_FA = 'حجم درخواست‌های شما از سقف مجاز گذشته است. لطفاً چند لحظه دیگر دوباره تلاش کنید.';
/** The one key of the expensive reads' allowance, shared by every reader. */
const GLOBAL = 'every-reader';

/**
 * Keeps the CMS fair to everyone reading it, by what each read costs rather than how many there are
 * (measured before: 32 addresses taking turns at `populate=*` pages held an ordinary read's p95 at
 * 879 ms, and 32 connections of `products?pagination[pageSize]=100` — no populate, but 100 price
 * histories — at 2.5 s, ~100× idle):
 * - every GET on /api counts against its reader: `readsPerMinute` (PUBLIC_READ_RATE_LIMIT_MAX, 600);
 * - every read is priced by what it makes the database do (src/utils/read-cost.js: rows asked ×
 *   (1 + large fields + related collections populated)), and each reader has an allowance of
 *   `costPerMinute` units (PUBLIC_READ_COST_PER_MINUTE, 12,000) with `costBurst` (PUBLIC_READ_COST_BURST,
 *   2,000) to spend at once: an ordinary page of a dozen entries with named fields costs ~12, a
 *   100-product page with its price histories 500, the same with `populate=*` ~2,000;
 * - a read priced at `expensiveFrom` units or more (PUBLIC_EXPENSIVE_READ_COST, 250) is expensive:
 *   one at a time per reader, and all readers together share one allowance of
 *   `expensivePerSecond` units a second (PUBLIC_EXPENSIVE_COST_PER_SECOND, 300) with at most
 *   `expensiveAtOnce` units (PUBLIC_EXPENSIVE_COST_AT_ONCE, 5,000) started at once or running at
 *   once. So 32 addresses together get what the global allowance gives, not 32 times one address's
 *   (the bench: an ordinary read's p95 1.1–1.3× idle under either flood over 32 addresses). On
 *   SQLite a query holds the one thread; on PostgreSQL this keeps them out of the pool.
 * - a refusal (429 in Persian, Retry-After) is answered after `refusalDelayMs`
 *   (PUBLIC_READ_REFUSAL_DELAY_MS, 1 s): answering a flood's refusals at once kept the thread busy
 *   (≈900 a second from 32 connections); held, each connection asks once a second. An address
 *   with `maxHeldPerAddress` (64) refusals held already has its next connection closed unanswered.
 * A read carrying a valid user token is counted against its account instead of its address
 * (src/utils/reader.js): a signed-in customer is not an anonymous reader of a shared address. Their
 * reads of their own records (always scoped to them, few by the per-account create limit) are not
 * priced. The app server's reads carry SITE_READ_SECRET in `X-Site-Read` and are not counted: every
 * visitor's server render comes from its one address, and its page cache already bounds them.
 * Off with PUBLIC_READ_LIMIT=off (the CMS tests of other features).
 * Behind a proxy the address is the proxy's unless PROXY=true (config/server.js) — set it only
 * when the CMS is reachable through that proxy alone.
 */
module.exports = (config, { strapi }) => {
  const prefix = strapi.config.get('api.rest.prefix', '/api');
  // The app server's reads (SITE_READ_SECRET): its renders share one address.
  const isSiteRead = siteCallCheck(config.siteReadSecret);
  const refusalDelayMs = config.refusalDelayMs ?? 1000;
  const maxHeldPerAddress = config.maxHeldPerAddress ?? 64;
  const heldFrom = new Map();

  /** Waits out the refusal delay, then refuses; past the address's bound, closes the connection. */
  const refuse = async (ctx, error, retryAfterMs) => {
    ctx.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    const address = ctx.request.ip;
    const held = heldFrom.get(address) ?? 0;
    if (held >= maxHeldPerAddress) {
      ctx.req.socket.destroy();
      throw error;
    }
    heldFrom.set(address, held + 1);
    try {
      await new Promise((resolve) => setTimeout(resolve, refusalDelayMs));
    } finally {
      const left = (heldFrom.get(address) ?? 1) - 1;
      if (left > 0) heldFrom.set(address, left);
      else heldFrom.delete(address);
    }
    throw error;
  };

  const everyRead = RateLimit.middleware({
    interval: 60_000,
    max: config.readsPerMinute,
    prefixKey: 'public-read',
    headers: false,
    keyGenerator: (ctx) => `public-read|${ctx.state.publicReader.key}`,
    // koa2-ratelimit does not wait for its handler: the refusal is noted here and made below.
    handler: (ctx) => {
      ctx.state.publicReadRefusal = new errors.RateLimitError(TOO_MANY_FA, {
        limit: 'public-read',
        max: config.readsPerMinute,
        intervalSeconds: 60,
      });
    },
  });

  const targets = readTargets(strapi, prefix);
  const defaultPageSize = strapi.config.get('api.rest.defaultLimit', 25);
  const maxPageSize = strapi.config.get('api.rest.maxLimit', 100);
  /** The read's price: a route of no content type costs one default page of plain rows. */
  const priceOf = (ctx) => {
    const target = targets.targetOf(ctx.path);
    if (!target) return defaultPageSize;
    // This runs before strapi::query: the nested query is parsed here.
    const query = qs.parse(ctx.querystring, { depth: 20, arrayLimit: 100 });
    return priceOfRead(query, {
      ...target,
      models: targets.models,
      sizeOf: targets.sizeOf,
      defaultPageSize,
      maxPageSize,
    });
  };

  const readers = new CostAllowance({ perSecond: config.costPerMinute / 60, burst: config.costBurst });
  const expensive = new CostAllowance({
    perSecond: config.expensivePerSecond,
    burst: config.expensiveAtOnce,
    maxKeys: 1,
  });
  const expensiveRunningFrom = new Set();
  let expensiveRunning = 0;

  return async (ctx, next) => {
    // The router reads paths in any case (`/API/Products`): so are they counted.
    const path = ctx.path.toLowerCase();
    const counted =
      config.enabled !== false &&
      (ctx.method === 'GET' || ctx.method === 'HEAD') &&
      (path === prefix || path.startsWith(`${prefix}/`)) &&
      !isSiteRead(ctx);
    if (!counted) return next();

    const reader = await readerOf(strapi, ctx);
    ctx.state.publicReader = reader;
    await everyRead(ctx, async () => undefined);
    if (ctx.state.publicReadRefusal) return refuse(ctx, ctx.state.publicReadRefusal, 60_000);
    if (reader.account !== null && readsOwnRecords(strapi, prefix, ctx.path)) return next();

    await targets.ready();
    const cost = priceOf(ctx);
    const now = Date.now();
    const readerWait = readers.waitFor(reader.key, cost, now);
    if (readerWait > 0) {
      const details = { limit: 'public-read-cost', cost, perMinute: config.costPerMinute, burst: config.costBurst };
      return refuse(ctx, new errors.RateLimitError(COSTLY_FA, details), readerWait);
    }
    if (cost < config.expensiveFrom) {
      readers.charge(reader.key, cost, now);
      return next();
    }

    if (expensiveRunningFrom.has(reader.key)) {
      const details = { limit: 'public-expensive-read-running', cost };
      return refuse(ctx, new errors.RateLimitError(BUSY_FA, details), 1000);
    }
    const allowanceWait = expensive.waitFor(GLOBAL, cost, now);
    const crowded = expensiveRunning > 0 && expensiveRunning + cost > config.expensiveAtOnce;
    if (allowanceWait > 0 || crowded) {
      const details = {
        limit: 'public-expensive-reads',
        cost,
        perSecond: config.expensivePerSecond,
        atOnce: config.expensiveAtOnce,
      };
      return refuse(ctx, new errors.RateLimitError(BUSY_FA, details), Math.max(allowanceWait, 1000));
    }
    readers.charge(reader.key, cost, now);
    expensive.charge(GLOBAL, cost, now);
    expensiveRunningFrom.add(reader.key);
    expensiveRunning += cost;
    try {
      return await next();
    } finally {
      expensiveRunningFrom.delete(reader.key);
      expensiveRunning -= cost;
    }
  };
};

module.exports.SITE_READ_HEADER = SITE_READ_HEADER;
