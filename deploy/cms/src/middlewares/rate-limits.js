'use strict';

const { timingSafeEqual, createHash } = require('crypto');
const { RateLimit } = require('koa2-ratelimit'); // { middleware(options) }, as users-permissions uses it
const { errors } = require('@strapi/utils');
const { rateLimitStore } = require('../utils/rate-limit-store');

/** Shown wherever a person meets a rate limit (sign-in, forms). */
const TOO_MANY_FA = 'تعداد درخواست‌ها از این نشانی بیش از حد مجاز است. لطفاً چند دقیقه دیگر دوباره تلاش کنید.';

/**
 * Per-address limits on top of users-permissions' own limiter, with the same library
 * (koa2-ratelimit) and the same RateLimitError:
 * - sign-in: a looser ceiling per address (AUTH_ADDRESS_RATE_LIMIT_MAX, 50 a minute), while the
 *   plugin's limiter counts per account and address (see config/plugins.js), so wrong passwords for
 *   one name do not lock out the other customers behind the same carrier NAT address;
 * - public forms (contact and export inquiries → contact-messages, registration, forgot password):
 *   FORM_RATE_LIMIT_MAX (10) per address and form per FORM_RATE_LIMIT_INTERVAL_MS (10 minutes).
 * Every 429 of the API, the plugin's included, carries a Persian message and Retry-After.
 * Off with AUTH_RATE_LIMIT=off, like the plugin's limiter. With REDIS_URL both count in Redis
 * through one shared store (src/utils/rate-limit-store.js), otherwise in memory.
 * The app server's own calls carrying SITE_READ_SECRET in `X-Site-Read` (as its reads do,
 * src/middlewares/public-reads.js) are not counted: its deploy gate registers a throwaway customer
 * for every shell or panel version it checks, from the server's one address.
 */
module.exports = (config, { strapi }) => {
  const prefix = strapi.config.get('api.rest.prefix', '/api');
  const siteSecret = config.siteReadSecret ?? process.env.SITE_READ_SECRET ?? '';
  const digest = (value) => createHash('sha256').update(String(value)).digest();
  const isSiteCall = (ctx) =>
    Boolean(
      siteSecret && ctx.get('x-site-read') && timingSafeEqual(digest(ctx.get('x-site-read')), digest(siteSecret)),
    );
  const store = rateLimitStore();
  const rules = (config.rules || []).map((rule) => ({
    ...rule,
    limit: RateLimit.middleware({
      interval: rule.interval,
      max: rule.max,
      prefixKey: rule.name,
      headers: false,
      ...(store ? { store } : {}),
      keyGenerator: (ctx) =>
        `${rule.name}|${ctx.method} ${ctx.path.toLowerCase().replace(/\/+$/, '')}|${ctx.request.ip}`,
      handler: (ctx) => {
        ctx.set('Retry-After', String(Math.ceil(rule.interval / 1000)));
        throw new errors.RateLimitError(TOO_MANY_FA, {
          limit: rule.name,
          max: rule.max,
          intervalSeconds: Math.ceil(rule.interval / 1000),
        });
      },
    }),
  }));
  const matches = (rule, ctx) =>
    ctx.method === rule.method &&
    rule.paths.some((p) => ctx.path.toLowerCase().replace(/\/+$/, '') === `${prefix}${p}`);

  return async (ctx, next) => {
    if (config.enabled !== false && !isSiteCall(ctx)) {
      for (const rule of rules) {
        if (matches(rule, ctx)) await rule.limit(ctx, async () => undefined);
      }
    }
    try {
      await next();
    } catch (error) {
      // The plugin's own limiter throws an English RateLimitError: a person reads this one.
      // (Our own limits already speak Persian: their messages stay.)
      if (error && error.name === 'RateLimitError' && !/[\u0600-\u06FF]/.test(error.message)) {
        ctx.set('Retry-After', ctx.response.get('Retry-After') || '60');
        throw new errors.RateLimitError(TOO_MANY_FA, error.details);
      }
      throw error;
    }
  };
};

module.exports.TOO_MANY_FA = TOO_MANY_FA;
