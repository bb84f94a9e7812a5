'use strict';

const { RateLimit } = require('koa2-ratelimit');
const { errors } = require('@strapi/utils');

/** What a customer reads when their own account has written too much too fast. */
const TOO_MANY_FOR_ACCOUNT_FA =
  'تعداد درخواست‌های ثبت‌شده از حساب شما بیش از حد مجاز است. لطفاً چند دقیقه دیگر دوباره تلاش کنید.';

const { isOn } = require('./switch-setting');

const limitOn = () => isOn(process.env.AUTH_RATE_LIMIT);
const intervalMs = () => Number(process.env.ACCOUNT_CREATE_LIMIT_INTERVAL_MS) || 10 * 60 * 1000;
const max = () => Number(process.env.ACCOUNT_CREATE_LIMIT_MAX) || 20;

const limiters = new Map();

/**
 * Signed-in creation (tickets, ticket messages, orders, watch-list entries, reservations, purchase
 * requests) is limited per account and kind of record — ACCOUNT_CREATE_LIMIT_MAX (20) per
 * ACCOUNT_CREATE_LIMIT_INTERVAL_MS (10 minutes) — so one account cannot flood the staff's queues
 * (50 tickets in 4 s were all accepted). The same library and error as the other limits; off with
 * AUTH_RATE_LIMIT=off, like them. A refusal writes nothing; the forms keep what was typed.
 */
async function limitAccountCreation(ctx, kind, user) {
  if (!user || !limitOn()) return;
  let limiter = limiters.get(kind);
  if (!limiter) {
    const interval = intervalMs();
    limiter = RateLimit.middleware({
      interval,
      max: max(),
      prefixKey: `create-${kind}`,
      headers: false,
      keyGenerator: async (limited) => `create-${kind}|account:${limited.state.user.id}`,
      handler: (limited) => {
        limited.set('Retry-After', String(Math.ceil(interval / 1000)));
        throw new errors.RateLimitError(TOO_MANY_FOR_ACCOUNT_FA, {
          limit: `create-${kind}`,
          intervalSeconds: Math.ceil(interval / 1000),
        });
      },
    });
    limiters.set(kind, limiter);
  }
  await limiter(ctx, async () => undefined);
}

module.exports = { limitAccountCreation, TOO_MANY_FOR_ACCOUNT_FA };
