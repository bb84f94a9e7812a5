'use strict';

const path = require('path');

module.exports = ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET', 'dev-jwt-secret-steel-cms'),
      jwt: { expiresIn: env('JWT_EXPIRES_IN', '30d') },
      register: { allowedFields: ['mobile'] },
      // The auth rate limit (10 requests a minute per route and client) is on unless AUTH_RATE_LIMIT=off.
      ratelimit: {
        enabled: !['off', 'false', '0', 'no'].includes(String(env('AUTH_RATE_LIMIT', 'on')).toLowerCase()),
        interval: env.int('AUTH_RATE_LIMIT_INTERVAL_MS', 60000),
        max: env.int('AUTH_RATE_LIMIT_MAX', 10),
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
