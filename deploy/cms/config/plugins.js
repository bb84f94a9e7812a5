'use strict';

const path = require('path');
const { signInAccountKey } = require('../src/utils/sign-in-account');
const { isOn } = require('../src/utils/switch-setting');
const { rateLimitStore } = require('../src/utils/rate-limit-store');
const { DEVELOPMENT_SECRETS } = require('../src/utils/production-secrets');

const rateLimitOn = (env) => isOn(env('AUTH_RATE_LIMIT'));
const redisStoreOption = (env) => {
  const store = rateLimitStore(env('REDIS_URL'));
  return store ? { store } : {};
};

module.exports = ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET', DEVELOPMENT_SECRETS.JWT_SECRET),
      jwt: { expiresIn: env('JWT_EXPIRES_IN', '30d') },
      // Sessions that end: the plugin's own session management. Sign-in answers a
      // short-lived access token (the `jwt`, ACCESS_TOKEN_LIFESPAN_S, 10 minutes) and keeps the
      // refresh token server-side, handing it to the browser only as an httpOnly cookie of the CMS
      // (`user_refresh`, path /api/auth: sent to refresh and logout only, never readable by a
      // script). A customer stays signed in for 30 days through POST /api/auth/refresh; POST
      // /api/auth/logout deletes the session, and src/extensions makes its access tokens stop
      // working at once. The site and the CMS must be the same site (e.g. example.ir and
      // cms.example.ir) for the browser to send this SameSite=Lax cookie.
      jwtManagement: env('JWT_MANAGEMENT', 'refresh'),
      sessions: {
        accessTokenLifespan: env.int('ACCESS_TOKEN_LIFESPAN_S', 10 * 60),
        maxRefreshTokenLifespan: env.int('SESSION_MAX_LIFESPAN_S', 30 * 24 * 60 * 60),
        idleRefreshTokenLifespan: env.int('SESSION_MAX_LIFESPAN_S', 30 * 24 * 60 * 60),
        httpOnly: true,
        cookie: {
          name: 'user_refresh',
          path: '/api/auth',
          sameSite: 'lax',
          secure: env.bool('REFRESH_COOKIE_SECURE', String(env('PUBLIC_URL', '')).startsWith('https:')),
        },
      },
      register: { allowedFields: ['mobile'] },
      // The auth rate limit (10 requests a minute per route and client) is on unless AUTH_RATE_LIMIT=off.
      ratelimit: {
        enabled: rateLimitOn(env),
        interval: env.int('AUTH_RATE_LIMIT_INTERVAL_MS', 60000),
        max: env.int('AUTH_RATE_LIMIT_MAX', 10),
        // With REDIS_URL the counters live in Redis (src/utils/rate-limit-store.js); the plugin
        // spreads this object into koa2-ratelimit's options, `store` included. Without it,
        // koa2-ratelimit's in-memory store.
        ...redisStoreOption(env),
        // Sign-in counts per account *and* address: keyed by the address alone, 10 wrong passwords
        // for any name locked every customer behind one carrier NAT address out. The
        // address as a whole has its own looser ceiling (src/middlewares/rate-limits.js).
        // koa2-ratelimit calls this as a method of its options, so `this.prefixKey` is the key the
        // plugin built for the route and address; the other routes keep exactly that key.
        // The account is resolved (src/utils/sign-in-account.js): e-mail, username and mobile in any
        // digit script are one counter, so spelling a name five ways does not buy five times the guesses.
        async keyGenerator(ctx) {
          const base = `${this.prefixKey}|${ctx.request.ip}`;
          if (!/\/auth\/local\/?$/i.test(ctx.request.path)) return base;
          return `${base}|${await signInAccountKey(global.strapi, ctx.request.body && ctx.request.body.identifier)}`;
        },
      },
    },
  },
  email: {
    config: {
      // Local capture provider (providers/email-capture): every mail is appended as one JSON line.
      provider: 'strapi-provider-email-capture',
      providerOptions: {
        file: path.resolve(__dirname, '..', env('EMAIL_CAPTURE_FILE', path.join('data', 'mails.jsonl'))),
      },
      settings: {
        defaultFrom: env('EMAIL_FROM', 'no-reply@steel.local'),
        defaultReplyTo: env('EMAIL_REPLY_TO', 'support@steel.local'),
      },
    },
  },
  upload: {
    config: {
      sizeLimit: env.int('UPLOAD_MAX_FILE_SIZE', 10 * 1024 * 1024),
      breakpoints: {},
    },
  },
});
