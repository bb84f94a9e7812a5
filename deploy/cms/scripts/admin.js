#!/usr/bin/env node
'use strict';

// Opt-in admin panel: builds Strapi's admin (React 18, vite) into ./build, then starts the CMS
// with ADMIN_PANEL=true so /admin is served. Skip the build with ADMIN_SKIP_BUILD=1 (reuse ./build).
const { spawnSync } = require('child_process');
const path = require('path');

const appDir = path.resolve(__dirname, '..');
process.env.ADMIN_PANEL = 'true';
process.env.STRAPI_TELEMETRY_DISABLED = 'true';
if (!process.env.ADMIN_SKIP_BUILD) {
  console.log('[cms admin] building the admin panel (a few minutes) ...');
  const strapiBin = path.join(appDir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');
  const r = spawnSync(process.execPath, [strapiBin, 'build', '--minify'], {
    cwd: appDir, stdio: 'inherit', env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production', NODE_OPTIONS: process.env.NODE_OPTIONS || '--max-old-space-size=4096' },
  });
  if (r.status !== 0) { console.error('[cms admin] admin build failed'); process.exit(r.status || 1); }
}
require('./start.js');
