'use strict';

// Headless by default: the admin panel is served only with ADMIN_PANEL=true (see `npm run admin`).
module.exports = ({ env }) => ({
  serveAdminPanel: env.bool('ADMIN_PANEL', false),
  autoOpen: false,
  auth: { secret: env('ADMIN_JWT_SECRET', 'dev-admin-jwt-secret-steel-cms') },
  apiToken: { salt: env('API_TOKEN_SALT', 'dev-api-token-salt-steel-cms') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', 'dev-transfer-token-salt-steel-cms') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY', 'dev-encryption-key-steel-cms-32ch') },
  flags: { nps: false, promoteEE: false },
  watchIgnoreFiles: ['**/data/**', '**/tests/**'],
});
