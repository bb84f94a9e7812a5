'use strict';

const { DEVELOPMENT_SECRETS: dev } = require('../src/utils/production-secrets');

// Headless by default: the admin panel is served only with ADMIN_PANEL=true (see `npm run admin`).
module.exports = ({ env }) => ({
  serveAdminPanel: env.bool('ADMIN_PANEL', false),
  autoOpen: false,
  auth: { secret: env('ADMIN_JWT_SECRET', dev.ADMIN_JWT_SECRET) },
  apiToken: { salt: env('API_TOKEN_SALT', dev.API_TOKEN_SALT) },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', dev.TRANSFER_TOKEN_SALT) } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY', dev.ENCRYPTION_KEY) },
  flags: { nps: false, promoteEE: false },
  watchIgnoreFiles: ['**/data/**', '**/tests/**'],
});
