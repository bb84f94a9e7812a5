'use strict';

const { DEVELOPMENT_SECRETS } = require('../src/utils/production-secrets');

// Development defaults so a fresh clone starts without a .env file; a production CMS refuses them
// (src/utils/production-secrets.js).
module.exports = ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', `http://${env('HOST', '127.0.0.1')}:${env.int('PORT', 1337)}`),
  proxy: env.bool('PROXY', false),
  app: {
    keys: env.array('APP_KEYS', DEVELOPMENT_SECRETS.APP_KEYS),
  },
  logger: { updates: { enabled: false }, startup: { enabled: env.bool('STRAPI_STARTUP_LOG', false) } },
  cron: { enabled: false },
  dirs: { public: './public' },
});
