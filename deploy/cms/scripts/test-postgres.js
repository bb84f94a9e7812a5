#!/usr/bin/env node
'use strict';

// Runs the CMS tests against a real PostgreSQL from Debian's packages:
// installs `postgresql` with apt-get if missing (only as root; otherwise prints the command),
// initdb's a throwaway cluster in a temp dir on a free port (as the `postgres` user when root),
// runs the suite with DATABASE_CLIENT=postgres, then stops the cluster and removes it.
const { execFileSync, spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { freePort } = require('./lib/strapi-process');
const { runSuite, phaseOneFiles } = require('./run-tests');

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const APT_CMD = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql';

function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

function ensurePostgres() {
  let bin = findPgBin();
  if (bin) return bin;
  if (!isRoot) {
    console.error(`PostgreSQL is not installed. Install Debian's package first (as root):\n  sudo sh -c '${APT_CMD}'`);
    process.exit(2);
  }
  console.log(`[postgres] installing Debian's postgresql: ${APT_CMD}`);
  const r = spawnSync('sh', ['-c', APT_CMD], { stdio: 'inherit' });
  if (r.status !== 0) { console.error('[postgres] apt-get failed'); process.exit(2); }
  bin = findPgBin();
  if (!bin) { console.error('[postgres] pg_ctl not found after install'); process.exit(2); }
  return bin;
}

// As root the cluster runs as the `postgres` system user (initdb refuses root).
const asPg = (cmd, args, opts = {}) => (isRoot
  ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe', ...opts })
  : execFileSync(cmd, args, { stdio: 'pipe', ...opts }));

async function main() {
  const bin = ensurePostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-cms-pg-'));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const port = await freePort();
  let started = false;
  let total = { fail: 1, code: 1 };
  try {
    console.log(`[postgres] initdb ${dataDir} (${bin})`);
    asPg(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);
    asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dir, 'postgres.log'), '-w', '-t', '60', '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`, 'start']);
    started = true;
    const version = execFileSync(path.join(bin, 'postgres'), ['--version']).toString().trim();
    console.log(`[postgres] ${version} running on 127.0.0.1:${port}`);
    const { Client } = require('pg');
    const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await client.connect();
    await client.query('CREATE DATABASE steel_cms_test ENCODING \'UTF8\'');
    await client.end();
    const files = phaseOneFiles();
    total = await runSuite({
      label: 'cms test:postgres',
      files,
      env: {
        DATABASE_CLIENT: 'postgres', DATABASE_HOST: '127.0.0.1', DATABASE_PORT: String(port), DATABASE_NAME: 'steel_cms_test',
        DATABASE_USERNAME: 'postgres', DATABASE_PASSWORD: '',
      },
    });
  } catch (err) {
    console.error(`[postgres] ERROR: ${err.stack || err}${err.stderr ? `\n${err.stderr}` : ''}`);
  } finally {
    if (started) {
      try { asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']); console.log('[postgres] cluster stopped'); } catch (e) { console.error('[postgres] stop failed', String(e.stderr || e)); }
    }
    if (!process.env.KEEP_TMP) fs.rmSync(dir, { recursive: true, force: true });
  }
  process.exit(total.code === 0 && total.fail === 0 ? 0 : 1);
}

main();
