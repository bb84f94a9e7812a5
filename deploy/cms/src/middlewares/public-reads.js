'use strict';

const { timingSafeEqual, createHash } = require('crypto');
const qs = require('qs');
const { RateLimit } = require('koa2-ratelimit');
const { errors } = require('@strapi/utils');
const { isHeavyRead } = require('../utils/query-limits');
const { readerOf, readsOwnRecords } = require('../utils/reader');
const { TOO_MANY_FA } = require('./rate-limits');

/** Said when one address already has a heavy read running, or every heavy-read slot is taken. */
const BUSY_FA = 'سامانه در حال پاسخ به درخواست‌های سنگین دیگری است. لطفاً چند لحظه دیگر دوباره تلاش کنید.';

/** The header the app server's own reads carry (SITE_READ_SECRET): its renders share one address. */
const SITE_READ_HEADER = 'x-site-read';

const digest = (value) => createHash('sha256').update(String(value)).digest();

/**
 * Keeps the CMS fair to everyone reading it anonymously (measured before: one client with 32
 * connections of `populate=*` pages took an ordinary read from p50 49 ms to 1.6 s):
 * - every GET on /api counts against its address: `readsPerMinute` (PUBLIC_READ_RATE_LIMIT_MAX, 600);
 * - a heavy read (utils/query-limits.js, isHeavyRead) may run once per `60 s / heavyPerMinute`
 *   per address (PUBLIC_HEAVY_READ_RATE_LIMIT_MAX, 10 a minute: spaced, not a burst of ten, so the
 *   one thread is never held for long), only when its address has none running and fewer than
 *   `heavyAtOnce` (PUBLIC_HEAVY_READS_AT_ONCE, 2) run in all. (On SQLite a query holds the one
 *   thread, so reads never overlap; on PostgreSQL they do, and this keeps them out of the pool.)
 * - a refusal (429 in Persian, Retry-After) is answered after `refusalDelayMs`
 *   (PUBLIC_READ_REFUSAL_DELAY_MS, 1 s): answering a flood's refusals at once kept the thread busy
 *   (≈900 a second from 32 connections); held, each connection asks once a second. An address
 *   with `maxHeldPerAddress` (64) refusals held already has its next connection closed unanswered.
 * A read carrying a valid user token is counted against its account instead of its address
 * (src/utils/reader.js): a signed-in customer is not an anonymous reader of a shared address. Their
 * reads of their own records (always scoped to them) are not spaced as heavy; one at a time still.
 * The app server's reads carry SITE_READ_SECRET in `X-Site-Read` and are not counted: every
 * visitor's server render comes from its one address, and its page cache already bounds them.
 * Off with PUBLIC_READ_LIMIT=off (the CMS tests of other features).
 * Behind a proxy the address is the proxy's unless PROXY=true (config/server.js) — set it only
 * when the CMS is reachable through that proxy alone.
 */
module.exports = (config, { strapi }) => {
  const prefix = strapi.config.get('api.rest.prefix', '/api');
  const secret = config.siteReadSecret ? digest(config.siteReadSecret) : null;
  const isSiteRead = (ctx) => {
    const sent = ctx.get(SITE_READ_HEADER);
    return Boolean(secret && sent && timingSafeEqual(digest(sent), secret));
  };
  const refusalDelayMs = config.refusalDelayMs ?? 1000;
  const maxHeldPerAddress = config.maxHeldPerAddress ?? 64;
  const heldFrom = new Map();

  /** Waits out the refusal delay, then refuses; past the address's bound, closes the connection. */
  const refuse = async (ctx, error) => {
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

  const heavySpacingMs = Math.ceil(60_000 / config.heavyPerMinute);
  const lastHeavyFrom = new Map();
  const heavyRunningFrom = new Set();
  let heavyRunning = 0;

  return async (ctx, next) => {
    const counted =
      config.enabled !== false &&
      (ctx.method === 'GET' || ctx.method === 'HEAD') &&
      (ctx.path === prefix || ctx.path.startsWith(`${prefix}/`)) &&
      !isSiteRead(ctx);
    if (!counted) return next();

    ctx.state.publicReader = await readerOf(strapi, ctx);
    await everyRead(ctx, async () => undefined);
    if (ctx.state.publicReadRefusal) {
      ctx.set('Retry-After', '60');
      return refuse(ctx, ctx.state.publicReadRefusal);
    }
    // This runs before strapi::query: the nested query is parsed here, and only when it populates.
    if (
      !ctx.querystring.includes('populate') ||
      !isHeavyRead(qs.parse(ctx.querystring, { depth: 20, arrayLimit: 100 }))
    )
      return next();

    const reader = ctx.state.publicReader;
    const readerKey = reader.key;
    const now = Date.now();
    const waitMs = (lastHeavyFrom.get(readerKey) ?? -Infinity) + heavySpacingMs - now;
    const ownRecords = reader.account !== null && readsOwnRecords(strapi, prefix, ctx.path);
    if (waitMs > 0 && !ownRecords) {
      ctx.set('Retry-After', String(Math.ceil(waitMs / 1000)));
      return refuse(
        ctx,
        new errors.RateLimitError(TOO_MANY_FA, {
          limit: 'public-heavy-read',
          max: config.heavyPerMinute,
          intervalSeconds: 60,
        }),
      );
    }
    if (heavyRunningFrom.has(readerKey) || heavyRunning >= config.heavyAtOnce) {
      ctx.set('Retry-After', '1');
      return refuse(
        ctx,
        new errors.RateLimitError(BUSY_FA, { limit: 'public-heavy-reads-at-once', max: config.heavyAtOnce }),
      );
    }
    // Addresses whose last heavy read is older than the spacing need no entry.
    if (lastHeavyFrom.size > 10_000)
      for (const [key, at] of lastHeavyFrom) if (at + heavySpacingMs < now) lastHeavyFrom.delete(key);
    if (!ownRecords) lastHeavyFrom.set(readerKey, now);
    heavyRunningFrom.add(readerKey);
    heavyRunning++;
    try {
      return await next();
    } finally {
      heavyRunningFrom.delete(readerKey);
      heavyRunning--;
    }
  };
};

module.exports.SITE_READ_HEADER = SITE_READ_HEADER;
