'use strict';

const { isOn } = require('../src/utils/switch-setting');

/**
 * The deploy gate's smoke server takes DEPLOY_GATE_PORT or, when another program holds it, one of
 * the ports after it (the app server's release/gate/trial-port.ts, GATE_PORT_SPAN there too).
 */
const GATE_PORT_SPAN = 4;

/**
 * The site's own origins, from its address: the app server's port (SITE_PORT, which `npm start`
 * passes from PORT) on both loopback names, its public SITE_URL, and the deploy gate's smoke-test
 * ports. CORS_ORIGINS replaces the whole list.
 */
function siteOrigins(env) {
  const port = env('SITE_PORT', '8080');
  const gatePort = Number(env('DEPLOY_GATE_PORT', '8099'));
  const origins = [
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    ...Array.from({ length: GATE_PORT_SPAN }, (_, index) => `http://127.0.0.1:${gatePort + index}`),
  ];
  const siteUrl = env('SITE_URL', '');
  if (siteUrl) origins.unshift(new URL(siteUrl).origin);
  return origins.join(',');
}

// REQUEST_LOG=off drops the per-request log line (the bench does; logging costs ~1 ms a request).
module.exports = ({ env }) => [
  ...(isOn(env('REQUEST_LOG')) ? ['strapi::logger'] : []),
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'media-src': ["'self'", 'data:', 'blob:'] },
      },
    },
  },
  {
    name: 'strapi::cors',
    config: {
      origin: env('CORS_ORIGINS', siteOrigins(env))
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
      headers: ['Content-Type', 'Authorization', 'Origin', 'Accept'],
      keepHeaderOnError: true,
    },
  },
  {
    // Public reads: a rate and an allowance of database work per reader, one allowance for every
    // reader's expensive reads; the app server's own reads (SITE_READ_SECRET) are not counted. See
    // src/middlewares/public-reads.js. As early as a refusal can still be read by the site's pages
    // (after CORS): a flood is refused cheaply.
    name: 'global::public-reads',
    config: {
      enabled: isOn(env('PUBLIC_READ_LIMIT')),
      readsPerMinute: env.int('PUBLIC_READ_RATE_LIMIT_MAX', 600),
      costPerMinute: env.int('PUBLIC_READ_COST_PER_MINUTE', 12000),
      costBurst: env.int('PUBLIC_READ_COST_BURST', 2000),
      expensiveFrom: env.int('PUBLIC_EXPENSIVE_READ_COST', 250),
      expensivePerSecond: env.int('PUBLIC_EXPENSIVE_COST_PER_SECOND', 300),
      expensiveAtOnce: env.int('PUBLIC_EXPENSIVE_COST_AT_ONCE', 5000),
      refusalDelayMs: env.int('PUBLIC_READ_REFUSAL_DELAY_MS', 1000),
      siteReadSecret: env('SITE_READ_SECRET', ''),
    },
  },
  'strapi::poweredBy',
  'strapi::query',
  {
    name: 'strapi::body',
    config: {
      jsonLimit: env('BODY_JSON_LIMIT', '256kb'),
      formLimit: env('BODY_FORM_LIMIT', '256kb'),
      textLimit: env('BODY_TEXT_LIMIT', '256kb'),
      formidable: { maxFileSize: env.int('UPLOAD_MAX_FILE_SIZE', 10 * 1024 * 1024) },
    },
  },
  {
    name: 'strapi::session',
    config: {
      // Secure cookies need https; social login over plain http (development) needs it off.
      secure: env.bool('SESSION_COOKIE_SECURE', env('NODE_ENV') === 'production'),
      sameSite: 'lax',
    },
  },
  'strapi::favicon',
  'strapi::public',
  'global::no-echo',
  'global::input-guard',
  {
    // Per-address limits for sign-in and the public forms (the plugin's limiter counts per account),
    // and the bounds on guesses spread over many addresses (src/utils/sign-in-guard.js).
    name: 'global::rate-limits',
    config: {
      enabled: isOn(env('AUTH_RATE_LIMIT')),
      signIn: {
        freeAttempts: env.int('AUTH_ACCOUNT_FREE_ATTEMPTS', 5),
        baseDelayMs: env.int('AUTH_ACCOUNT_DELAY_MS', 5000),
        maxDelayMs: env.int('AUTH_ACCOUNT_MAX_DELAY_MS', 15 * 60 * 1000),
        siteFailuresPerMinute: env.int('AUTH_SITE_FAILURES_PER_MINUTE', 60),
        slowedPerMinute: env.int('AUTH_SITE_SLOWED_PER_MINUTE', 30),
      },
      rules: [
        {
          name: 'sign-in-address',
          method: 'POST',
          paths: ['/auth/local'],
          max: env.int('AUTH_ADDRESS_RATE_LIMIT_MAX', 50),
          interval: env.int('AUTH_RATE_LIMIT_INTERVAL_MS', 60000),
        },
        {
          name: 'public-form',
          method: 'POST',
          paths: ['/contact-messages', '/auth/local/register', '/auth/forgot-password'],
          max: env.int('FORM_RATE_LIMIT_MAX', 10),
          interval: env.int('FORM_RATE_LIMIT_INTERVAL_MS', 10 * 60 * 1000),
        },
        // Sign-in codes by SMS: on unless SMS_CODE_LIMITS=off, whatever AUTH_RATE_LIMIT says.
        {
          name: 'sms-code-mobile',
          enabled: isOn(env('SMS_CODE_LIMITS')),
          countBy: 'mobile',
          method: 'POST',
          paths: ['/auth/otp/request'],
          max: env.int('SMS_CODE_PER_MOBILE_MAX', 5),
          interval: env.int('SMS_CODE_PER_MOBILE_INTERVAL_MS', 60000),
        },
        {
          name: 'sms-code-address',
          enabled: isOn(env('SMS_CODE_LIMITS')),
          method: 'POST',
          paths: ['/auth/otp/request', '/auth/otp/verify'],
          max: env.int('SMS_CODE_ADDRESS_MAX', 30),
          interval: env.int('SMS_CODE_ADDRESS_INTERVAL_MS', 10 * 60 * 1000),
        },
      ],
    },
  },
  'global::query-limits',
  'global::published-only',
];
