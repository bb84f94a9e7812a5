'use strict';

const { timingSafeEqual, createHash } = require('crypto');
const { RateLimit } = require('koa2-ratelimit');
const { errors } = require('@strapi/utils');
const { isHeavyRead } = require('../utils/query-limits');
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
 * - a heavy read (utils/query-limits.js, isHeavyRead) also counts against `heavyPerMinute`
 *   (PUBLIC_HEAVY_READ_RATE_LIMIT_MAX, 30), and may run only when its address has none running and
 *   fewer than `heavyAtOnce` (PUBLIC_HEAVY_READS_AT_ONCE, 2) run in all — otherwise 429 at once,
 *   before any query: waiting in a queue would hold a connection and memory per attempt. (On
 *   SQLite a query holds the one thread, so reads never overlap and the per-minute bound is what
 *   refuses a flood; on PostgreSQL they do, and this bound keeps them from filling the pool.)
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

  const limiter = (name, max, interval = 60_000) =>
    RateLimit.middleware({
      interval,
      max,
      prefixKey: name,
      headers: false,
      keyGenerator: (ctx) => `${name}|${ctx.request.ip}`,
      handler: (ctx) => {
        ctx.set('Retry-After', String(Math.ceil(interval / 1000)));
        throw new errors.RateLimitError(TOO_MANY_FA, { limit: name, max, intervalSeconds: Math.ceil(interval / 1000) });
      },
    });
  const everyRead = limiter('public-read', config.readsPerMinute);
  const heavyReads = limiter('public-heavy-read', config.heavyPerMinute);

  const heavyRunningFrom = new Set();
  let heavyRunning = 0;

  return async (ctx, next) => {
    const counted = config.enabled !== false
      && (ctx.method === 'GET' || ctx.method === 'HEAD')
      && (ctx.path === prefix || ctx.path.startsWith(`${prefix}/`))
      && !isSiteRead(ctx);
    if (!counted) return next();

    await everyRead(ctx, async () => undefined);
    if (!isHeavyRead(ctx.query)) return next();

    await heavyReads(ctx, async () => undefined);
    const address = ctx.request.ip;
    if (heavyRunningFrom.has(address) || heavyRunning >= config.heavyAtOnce) {
      ctx.set('Retry-After', '1');
      throw new errors.RateLimitError(BUSY_FA, { limit: 'public-heavy-reads-at-once', max: config.heavyAtOnce });
    }
    heavyRunningFrom.add(address);
    heavyRunning++;
    try {
      return await next();
    } finally {
      heavyRunningFrom.delete(address);
      heavyRunning--;
    }
  };
};

module.exports.SITE_READ_HEADER = SITE_READ_HEADER;
