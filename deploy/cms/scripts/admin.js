#!/usr/bin/env node
'use strict';

// Opt-in admin panel: builds Strapi's admin (React 18, vite) into ./build, then starts the CMS
// with ADMIN_PANEL=true so /admin is served. ADMIN_SKIP_BUILD=1 reuses the last build.
//
// The build is called through Strapi's own build function (pinned 5.54.0) instead of `strapi build`,
// because the CLI looks for a tsconfig.json upward and would find the monorepo's root one and
// take this JavaScript app for a TypeScript project.
const fs = require('fs');
const path = require('path');

const appDir = path.resolve(__dirname, '..');
const strapiDir = path.join(appDir, 'node_modules', '@strapi', 'strapi', 'dist');

async function buildAdmin() {
  const { build } = require(path.join(strapiDir, 'src', 'node', 'build.js'));
  const { createLogger } = require(path.join(strapiDir, 'src', 'cli', 'utils', 'logger.js'));
  const logger = createLogger({ debug: !!process.env.DEBUG, silent: false, timestamp: false });
  process.env.NODE_ENV = process.env.NODE_ENV || 'production';
  await build({
    cwd: appDir,
    logger,
    tsconfig: undefined,
    bundler: 'vite',
    minify: true,
    sourcemap: false,
    stats: false,
    silent: false,
    debug: false,
  });
}

(async () => {
  process.chdir(appDir);
  process.env.ADMIN_PANEL = 'true';
  process.env.STRAPI_TELEMETRY_DISABLED = 'true';
  if (!process.env.ADMIN_SKIP_BUILD || !fs.existsSync(path.join(appDir, 'build', 'index.html'))) {
    console.log('[cms admin] building the admin panel (a few minutes) ...');
    const t0 = Date.now();
    await buildAdmin();
    console.log(`[cms admin] admin built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  require('./start.js');
})().catch((err) => {
  console.error('[cms admin] failed:', err);
  process.exit(1);
});
