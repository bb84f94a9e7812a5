'use strict';

const { RateLimit } = require('koa2-ratelimit'); // { middleware(options) }, as users-permissions uses it
const { errors } = require('@strapi/utils');
const { rateLimitStore } = require('../utils/rate-limit-store');
const { signInAccountKey } = require('../utils/sign-in-account');
const { createSignInGuard } = require('../utils/sign-in-guard');
const { siteCallCheck } = require('../utils/site-call');
const { normaliseMobile } = require('../utils/mobile');

/** Shown wherever a person meets a rate limit (sign-in, forms). */
const TOO_MANY_FA = 'تعداد درخواست‌ها از این نشانی بیش از حد مجاز است. لطفاً چند دقیقه دیگر دوباره تلاش کنید.';
/** Shown when one account has had too many sign-in attempts, from wherever they came. */
const TOO_MANY_FOR_ACCOUNT_FA =
  'تلاش‌های ناموفق برای ورود به این حساب زیاد بوده است. لطفاً کمی بعد دوباره تلاش کنید، یا با «فراموشی رمز عبور» رمز تازه بگیرید.';
/** Shown when sign-in is slowed for everyone, while many failed attempts come from everywhere. */
const SIGN_IN_SLOWED_FA =
  'به‌دلیل تلاش‌های ناموفق بسیار، ورود به سایت موقتاً کند شده است. لطفاً کمی بعد دوباره تلاش کنید، یا با «فراموشی رمز عبور» رمز تازه بگیرید.';

/** Shown when one mobile number was sent too many sign-in codes. */
const TOO_MANY_FOR_MOBILE_FA =
  'برای این شماره در یک دقیقه کد زیادی درخواست شده است. لطفاً یک دقیقه دیگر دوباره تلاش کنید.';
const MESSAGES = { address: TOO_MANY_FA, mobile: TOO_MANY_FOR_MOBILE_FA };

/**
 * Whom a rule counts: the address (default), or the mobile number in the body (`countBy: 'mobile'`,
 * any spelling is one number; a body without one counts by address).
 */
function counted(rule, ctx) {
  if (rule.countBy === 'mobile') {
    const mobile = normaliseMobile(ctx.request.body && ctx.request.body.mobile);
    if (mobile) return `mobile:${mobile}`;
  }
  return ctx.request.ip;
}

/**
 * Per-address limits on top of users-permissions' own limiter, with the same library
 * (koa2-ratelimit) and the same RateLimitError:
 * - sign-in: a looser ceiling per address (AUTH_ADDRESS_RATE_LIMIT_MAX, 50 a minute), while the
 *   plugin's limiter counts per account and address (see config/plugins.js), so wrong passwords for
 *   one name do not lock out the other customers behind the same carrier NAT address;
 * - spread guesses (src/utils/sign-in-guard.js), before those: growing delays per account whatever
 *   the address (so N addresses do not buy N times the guesses at one customer), and sign-in slowed
 *   for everyone while failures pour in over many accounts; a device the account signed in from
 *   before passes both, so its owner is never locked out;
 * - public forms (contact and export inquiries → contact-messages, registration, forgot password):
 *   FORM_RATE_LIMIT_MAX (10) per address and form per FORM_RATE_LIMIT_INTERVAL_MS (10 minutes);
 * - sign-in codes by SMS (src/api/sign-in-code): per number (SMS_CODE_PER_MOBILE_MAX, 5 a minute:
 *   the 6th is refused) and per address (SMS_CODE_ADDRESS_MAX). These have their own switch
 *   (SMS_CODE_LIMITS, `enabled` of the rule): every SMS costs money and a number must not be
 *   flooded, so they stay on where AUTH_RATE_LIMIT=off (development, the e2e run).
 * Every 429 of the API, the plugin's included, carries a Persian message and Retry-After.
 * Off with AUTH_RATE_LIMIT=off, like the plugin's limiter. With REDIS_URL both count in Redis
 * through one shared store (src/utils/rate-limit-store.js), otherwise in memory.
 * The app server's own calls carrying SITE_READ_SECRET in `X-Site-Read` (as its reads do,
 * src/middlewares/public-reads.js) are not counted: its deploy gate registers a throwaway customer
 * for every shell or panel version it checks, from the server's one address.
 */
module.exports = (config, { strapi }) => {
  const prefix = strapi.config.get('api.rest.prefix', '/api');
  const isSiteCall = siteCallCheck(config.siteReadSecret ?? process.env.SITE_READ_SECRET ?? '');
  const store = rateLimitStore();
  const guard = createSignInGuard(config.signIn, { redis: store?.client, onRedisError: (error) => store?.warn(error) });
  const rules = (config.rules || []).map((rule) => {
    return {
      ...rule,
      limit: RateLimit.middleware({
        interval: rule.interval,
        max: rule.max,
        prefixKey: rule.name,
        headers: false,
        ...(store ? { store } : {}),
        keyGenerator: async (ctx) =>
          `${rule.name}|${ctx.method} ${ctx.path.toLowerCase().replace(/\/+$/, '')}|${counted(rule, ctx)}`,
        handler: (ctx) => {
          ctx.set('Retry-After', String(Math.ceil(rule.interval / 1000)));
          throw new errors.RateLimitError(MESSAGES[rule.countBy] || TOO_MANY_FA, {
            limit: rule.name,
            max: rule.max,
            intervalSeconds: Math.ceil(rule.interval / 1000),
          });
        },
      }),
    };
  });
  const pathOf = (ctx) => ctx.path.toLowerCase().replace(/\/+$/, '');
  const matches = (rule, ctx) => ctx.method === rule.method && rule.paths.some((p) => pathOf(ctx) === `${prefix}${p}`);
  const isSignIn = (ctx) => ctx.method === 'POST' && pathOf(ctx) === `${prefix}/auth/local`;

  /** Admits a sign-in attempt past the spread-guess bounds (or refuses it): the account it names, for its outcome. */
  async function admitSignIn(ctx) {
    const body = ctx.request.body;
    const account = await signInAccountKey(strapi, body && body.identifier);
    if (await guard.knownDevice(account, body)) return { account, body, known: true };
    const { wait, why } = await guard.admit(account);
    if (wait > 0) {
      ctx.set('Retry-After', String(Math.max(1, Math.ceil(wait / 1000))));
      throw new errors.RateLimitError(why === 'site' ? SIGN_IN_SLOWED_FA : TOO_MANY_FOR_ACCOUNT_FA, {
        limit: why === 'site' ? 'sign-in-site' : 'sign-in-account',
        retryAfterSeconds: Math.ceil(wait / 1000),
      });
    }
    return { account, body, known: false };
  }

  return async (ctx, next) => {
    let signIn = null;
    const on = config.enabled !== false;
    if (!isSiteCall(ctx)) {
      if (on && isSignIn(ctx)) signIn = await admitSignIn(ctx);
      try {
        for (const rule of rules) {
          if ((rule.enabled ?? on) && matches(rule, ctx)) await rule.limit(ctx, async () => undefined);
        }
      } catch (error) {
        if (signIn && !signIn.known) await guard.settle(signIn.account, signIn.body, 'not checked');
        throw error;
      }
    }
    try {
      await next();
      if (signIn) await guard.settle(signIn.account, signIn.body, ctx.status < 300 ? 'succeeded' : 'failed');
    } catch (error) {
      if (signIn) {
        // The plugin's own limiter refused it before the password was looked at; anything else is a failed sign-in.
        const checked = !(error && error.name === 'RateLimitError');
        if (checked) await guard.settle(signIn.account, signIn.body, 'failed');
        else if (!signIn.known) await guard.settle(signIn.account, signIn.body, 'not checked');
      }
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
