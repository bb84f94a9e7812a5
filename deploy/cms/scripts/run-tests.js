#!/usr/bin/env node
'use strict';

// Runs the CMS tests against a real Strapi on a fresh temporary SQLite database:
//   a first start killed (SIGKILL) while it seeds the catalogue, as a crash would;
//   phase 1: AUTH_RATE_LIMIT=off, all tests/*.test.js except those of the phases below, then an
//            editor's deletions and change (tests/editors-content.test.js, step `edit`);
//   the same database as one seeded before the seed ledger (its table and migration removed),
//            started again: the editor's content is kept (step `after-upgrade`);
//   phase 2: the same database restarted with the auth rate limit on and e-mail confirmation on:
//            step `after-restart`, tests/confirmation.test.js, ratelimit.test.js, public-reads.test.js
//            and sign-in-guesses.test.js;
//   phase 3: the same database with a 1 ms read time limit: tests/request-timeout.test.js;
//   the same database in production (step `production`: the published demo password is refused).
// Each Strapi is stopped by its PID. Exit code is non-zero when anything failed.
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { startStrapi, freePort, APP_DIR } = require('./lib/strapi-process');
const { queryCmsDatabase, databaseSettings } = require('./lib/cms-database');
const { LEDGER_TABLE } = require('../src/bootstrap/seed/ledger');

const TESTS = path.join(APP_DIR, 'tests');
// In this order: the rate-limit test exhausts /auth/local, the public-read test the address's reads,
// the spread-guess test slows sign-in for everyone (last: nothing after it signs in).
const PHASE2 = ['confirmation.test.js', 'ratelimit.test.js', 'public-reads.test.js', 'sign-in-guesses.test.js'];
// The public-read limits of phase 2 (a lower per-minute rate keeps that test short).
const PUBLIC_READS = {
  PUBLIC_READ_LIMIT: 'on',
  PUBLIC_READ_RATE_LIMIT_MAX: '200',
  SITE_READ_SECRET: 'cms-test-site-read-secret',
};
// The phase's tests of other limits fail up to ~90 sign-ins a minute on purpose: sign-in is slowed
// for everyone past 150 a minute here (60 by default), which the spread-guess test then crosses.
const SIGN_IN_LIMITS = { AUTH_SITE_FAILURES_PER_MINUTE: '150' };
const PHASE3 = ['request-timeout.test.js']; // every read runs out of time: alone on its own start
// Needs a redis-server: its own runner, scripts/test-redis.js (npm run test:redis). The editors'
// content is checked around the restarts, one step at a time (CMS_CONTENT_STEP).
const EDITORS_CONTENT = 'editors-content.test.js';
const SEPARATE = ['redis-ratelimit.test.js', EDITORS_CONTENT];
// An editor's API token (src/bootstrap/editor-token.js) for the tests that edit published content.
const EDITOR_TOKEN = 'cms-test-editor-token-0123456789abcdefghijklmnop';
// The site's public address: the links in the CMS's mails must point there, not at a default.
const SITE_URL = 'https://steel.example';

function runNodeTests(files, env) {
  return new Promise((resolve) => {
    const args = ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files];
    const child = spawn(process.execPath, args, {
      cwd: APP_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('exit', (code) => {
      const num = (k) => {
        const m = out.match(new RegExp(`ℹ ${k} (\\d+)`));
        return m ? Number(m[1]) : 0;
      };
      resolve({ code, pass: num('pass'), fail: num('fail'), tests: num('tests') });
    });
  });
}

/**
 * Plays a database of the version before the seed ledger: its table and the record of its
 * migration removed, so the next start runs the migration and finds every part already there.
 */
async function forgetSeedLedger(env) {
  await queryCmsDatabase(env, `DROP TABLE ${LEDGER_TABLE}`);
  await queryCmsDatabase(env, "DELETE FROM strapi_migrations WHERE name LIKE '%seed-ledger%'");
}

async function runSuite({ label, env = {}, files, rateLimitPhase = true }) {
  const t0 = Date.now();
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-cms-test-'));
  const results = [];
  // Where the CMS tells of changed content: a port tests/content-changes.test.js listens on as the app server.
  const contentChangePort = await freePort();
  const firstEnv = {
    CONTENT_CHANGE_URL: `http://127.0.0.1:${contentChangePort}/_/content-changed`,
    AUTH_RATE_LIMIT: 'off',
    PUBLIC_READ_LIMIT: 'off',
    GITHUB_CLIENT_ID: 'test-client-id',
    GITHUB_CLIENT_SECRET: 'test-secret',
    CMS_EDITOR_TOKEN: EDITOR_TOKEN,
    SITE_URL,
    ...env,
  };
  let cms;
  try {
    if (rateLimitPhase) {
      const crashStarted = Date.now();
      const crashed = await startStrapi({
        tmpDir,
        label: 'cms-crash',
        env: firstEnv,
        killWhenLogged: /\[seed\] catalogue: seeding…/,
      });
      console.log(
        `[${label}] killed Strapi pid ${crashed.pid} with SIGKILL while it seeded the catalogue, ${Date.now() - crashStarted} ms after its start`,
      );
    }
    console.log(`[${label}] starting Strapi on a fresh database in ${tmpDir} ...`);
    cms = await startStrapi({ tmpDir, env: firstEnv });
    console.log(`[${label}] Strapi pid ${cms.pid} ready at ${cms.url} in ${cms.startMs} ms (fresh database, seeded)`);
    const testEnv = {
      CMS_URL: cms.url,
      CMS_EDITOR_TOKEN: EDITOR_TOKEN,
      SITE_URL,
      EMAIL_CAPTURE_FILE: cms.env.EMAIL_CAPTURE_FILE,
      SMS_OUTBOX_FILE: cms.env.SMS_OUTBOX_FILE,
      CMS_DATABASE_CLIENT: env.DATABASE_CLIENT || 'sqlite',
      ...databaseSettings(cms.env),
      CMS_CRASH_LOG: path.join(tmpDir, 'cms-crash.log'),
      // The CMS's own log: what it must never contain (a sign-in code, tests/sign-in-code.test.js).
      CMS_LOG_FILE: cms.logFile,
      CONTENT_CHANGE_LISTENER_PORT: String(contentChangePort),
    };
    const editorsContent = (step, url, more = {}) =>
      runNodeTests([path.join(TESTS, EDITORS_CONTENT)], { ...testEnv, CMS_URL: url, CMS_CONTENT_STEP: step, ...more });
    results.push(await runNodeTests(files, testEnv));
    if (rateLimitPhase) {
      results.push(await editorsContent('edit', cms.url));
      await cms.stop();
      console.log(`[${label}] stopped Strapi pid ${cms.pid}`);
      await forgetSeedLedger(cms.env);
      cms = await startStrapi({ tmpDir, label: 'cms-upgrade', env: firstEnv });
      console.log(
        `[${label}] restarted Strapi (pid ${cms.pid}) on the database without its seed ledger, as before the ledger, in ${cms.startMs} ms`,
      );
      results.push(await editorsContent('after-upgrade', cms.url));
    }
    await cms.stop();
    console.log(`[${label}] stopped Strapi pid ${cms.pid}`);
    if (rateLimitPhase) {
      cms = await startStrapi({
        tmpDir,
        label: 'cms-ratelimit',
        env: { AUTH_RATE_LIMIT: 'on', EMAIL_CONFIRMATION: 'on', ...PUBLIC_READS, ...SIGN_IN_LIMITS, ...env },
      });
      console.log(
        `[${label}] restarted Strapi (pid ${cms.pid}, auth rate limit on, e-mail confirmation on, same database) in ${cms.startMs} ms`,
      );
      results.push(await editorsContent('after-restart', cms.url, { SITE_READ_SECRET: PUBLIC_READS.SITE_READ_SECRET }));
      for (const f of PHASE2)
        results.push(
          await runNodeTests([path.join(TESTS, f)], {
            ...testEnv,
            CMS_URL: cms.url,
            SITE_READ_SECRET: PUBLIC_READS.SITE_READ_SECRET,
          }),
        );
      await cms.stop();
      console.log(`[${label}] stopped Strapi pid ${cms.pid}`);
      cms = await startStrapi({
        tmpDir,
        label: 'cms-timeout',
        env: { AUTH_RATE_LIMIT: 'off', PUBLIC_READ_LIMIT: 'off', API_REQUEST_TIMEOUT_MS: '1', ...env },
      });
      console.log(
        `[${label}] restarted Strapi (pid ${cms.pid}, API_REQUEST_TIMEOUT_MS=1, same database) in ${cms.startMs} ms`,
      );
      for (const f of PHASE3) results.push(await runNodeTests([path.join(TESTS, f)], { ...testEnv, CMS_URL: cms.url }));
      await cms.stop();
      console.log(`[${label}] stopped Strapi pid ${cms.pid}`);
      // Production (fresh secrets from startStrapi), without SEED_DEMO_CUSTOMER.
      cms = await startStrapi({ tmpDir, label: 'cms-production', env: { ...firstEnv, NODE_ENV: 'production' } });
      console.log(`[${label}] restarted Strapi (pid ${cms.pid}) in production, same database, in ${cms.startMs} ms`);
      results.push(await editorsContent('production', cms.url));
      await cms.stop();
      console.log(`[${label}] stopped Strapi pid ${cms.pid}`);
    }
  } catch (err) {
    console.error(`[${label}] ERROR: ${err.stack || err}`);
    results.push({ code: 1, pass: 0, fail: 1, tests: 1 });
  } finally {
    if (cms) await cms.stop();
    if (!process.env.KEEP_TMP) fs.rmSync(tmpDir, { recursive: true, force: true });
  }
  const total = results.reduce(
    (a, r) => ({ tests: a.tests + r.tests, pass: a.pass + r.pass, fail: a.fail + r.fail, code: a.code || r.code }),
    { tests: 0, pass: 0, fail: 0, code: 0 },
  );
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(
    `\n[${label}] SUMMARY: ${total.tests} tests, ${total.pass} passed, ${total.fail} failed in ${secs} s — ${total.code === 0 && total.fail === 0 ? 'PASS' : 'FAIL'}`,
  );
  return total;
}

/** Every test file of phase 1 (all but the rate-limit phase's): new files run on SQLite and PostgreSQL alike. */
const phaseOneFiles = () =>
  fs
    .readdirSync(TESTS)
    .filter((f) => f.endsWith('.test.js') && !PHASE2.includes(f) && !PHASE3.includes(f) && !SEPARATE.includes(f))
    .sort()
    .map((f) => path.join(TESTS, f));

module.exports = { runSuite, runNodeTests, TESTS, phaseOneFiles };

if (require.main === module) {
  const only = process.argv.slice(2);
  const files = only.length ? only.map((f) => path.resolve(TESTS, path.basename(f))) : phaseOneFiles();
  runSuite({ label: 'cms test', files, rateLimitPhase: only.length === 0 }).then((t) =>
    process.exit(t.code === 0 && t.fail === 0 ? 0 : 1),
  );
}
