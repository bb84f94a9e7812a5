#!/usr/bin/env node
'use strict';

// Headless start: no admin build is needed (serveAdminPanel is false unless ADMIN_PANEL=true).
// Seeds what was never seeded at bootstrap (src/bootstrap/seed). Binds to HOST (127.0.0.1) : PORT (1337).
// With NODE_ENV=production Strapi's register step refuses the repository's development secrets
// (src/utils/production-secrets.js), as it does under `npx strapi start`.
const fs = require('fs');
const path = require('path');

const appDir = path.resolve(__dirname, '..');
process.chdir(appDir);
process.env.HOST = process.env.HOST || '127.0.0.1';
process.env.PORT = process.env.PORT || '1337';
process.env.STRAPI_TELEMETRY_DISABLED = process.env.STRAPI_TELEMETRY_DISABLED || 'true';
process.env.STRAPI_DISABLE_UPDATE_NOTIFICATION = 'true';
process.env.BROWSER = 'none';

fs.mkdirSync(path.join(appDir, 'data'), { recursive: true });
fs.mkdirSync(path.join(appDir, 'public', 'uploads'), { recursive: true });
if ((process.env.DATABASE_CLIENT || 'sqlite') === 'sqlite') {
  const dbFile = path.resolve(appDir, process.env.DATABASE_FILENAME || path.join('data', 'cms.db'));
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
}

const { createStrapi } = require('@strapi/strapi');

const t0 = Date.now();
const app = createStrapi({ appDir, distDir: appDir });

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  try {
    await app.destroy();
  } catch {
    /* ignore */
  }
  process.exit(signal === 'SIGINT' ? 130 : 0);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

app
  .start()
  .then(() => {
    const url = `http://${process.env.HOST}:${process.env.PORT}`;
    console.log(`[cms] ready on ${url} (api ${url}/api, health ${url}/_health) in ${Date.now() - t0} ms`);
  })
  .catch((err) => {
    console.error('[cms] failed to start:', err);
    process.exit(1);
  });
