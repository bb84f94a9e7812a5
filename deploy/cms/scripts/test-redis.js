#!/usr/bin/env node
'use strict';

// The rate limits with their counters in Redis: starts a throwaway redis-server from Debian's
// packages on a free port (installs `redis-server` with apt-get if missing and we are root;
// otherwise skips, exit 0), one Strapi on a fresh SQLite database with REDIS_URL and the rate
// limits on, runs tests/redis-ratelimit.test.js, then stops both by PID.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { startStrapi } = require('./lib/strapi-process');
const { ensureRedis, startRedis, APT_CMD } = require('./lib/redis-server');
const { runNodeTests, TESTS } = require('./run-tests');

async function main() {
  const t0 = Date.now();
  const bin = ensureRedis();
  if (!bin) {
    console.log(
      `[cms test:redis] SKIPPED: /usr/bin/redis-server is missing. Install Debian's package (as root):\n  sudo sh -c '${APT_CMD}'`,
    );
    return 0;
  }
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-cms-redis-'));
  let redis;
  let cms;
  let result = { code: 1, pass: 0, fail: 1, tests: 1 };
  try {
    redis = await startRedis({ bin, dir: tmpDir });
    console.log(`[cms test:redis] redis-server pid ${redis.pid} on ${redis.url}`);
    cms = await startStrapi({
      tmpDir,
      env: {
        REDIS_URL: redis.url,
        AUTH_RATE_LIMIT: 'on',
        AUTH_RATE_LIMIT_MAX: '3',
        FORM_RATE_LIMIT_MAX: '3',
        PUBLIC_READ_LIMIT: 'off',
        SEED: 'off',
      },
    });
    console.log(`[cms test:redis] Strapi pid ${cms.pid} ready at ${cms.url} in ${cms.startMs} ms`);
    result = await runNodeTests([path.join(TESTS, 'redis-ratelimit.test.js')], {
      CMS_URL: cms.url,
      CMS_REDIS_URL: redis.url,
      CMS_LOG_FILE: cms.logFile,
    });
  } catch (err) {
    console.error(`[cms test:redis] ERROR: ${err.stack || err}`);
  } finally {
    if (cms) {
      await cms.stop();
      console.log(`[cms test:redis] stopped Strapi pid ${cms.pid}`);
    }
    if (redis) {
      await redis.stop();
      console.log(`[cms test:redis] stopped redis-server pid ${redis.pid}`);
    }
    if (!process.env.KEEP_TMP) fs.rmSync(tmpDir, { recursive: true, force: true });
  }
  const ok = result.code === 0 && result.fail === 0;
  console.log(
    `\n[cms test:redis] SUMMARY: ${result.tests} tests, ${result.pass} passed, ${result.fail} failed in ${((Date.now() - t0) / 1000).toFixed(1)} s — ${ok ? 'PASS' : 'FAIL'}`,
  );
  return ok ? 0 : 1;
}

main().then((code) => process.exit(code));
