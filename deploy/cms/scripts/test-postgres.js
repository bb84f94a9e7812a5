#!/usr/bin/env node
'use strict';

// Runs the CMS tests against a real PostgreSQL from Debian's packages:
// installs `postgresql` with apt-get if missing (only as root; otherwise prints the command),
// initdb's a throwaway cluster in a temp dir on a free port (as the `postgres` user when root),
// runs the suite with DATABASE_CLIENT=postgres, then stops the cluster and removes it.
// The cluster itself is scripts/lib/postgres-cluster.js.
const { ensurePostgres, startCluster } = require('./lib/postgres-cluster');
const { runSuite, phaseOneFiles } = require('./run-tests');

async function main() {
  try {
    ensurePostgres();
  } catch (err) {
    console.error(err.message);
    process.exit(2);
  }
  let cluster;
  let total = { fail: 1, code: 1 };
  try {
    cluster = await startCluster();
    await cluster.createDatabase('steel_cms_test');
    total = await runSuite({
      label: 'cms test:postgres',
      files: phaseOneFiles(),
      env: cluster.databaseEnv('steel_cms_test'),
    });
  } catch (err) {
    console.error(`[postgres] ERROR: ${err.stack || err}${err.stderr ? `\n${err.stderr}` : ''}`);
  } finally {
    if (cluster) await cluster.stop();
  }
  process.exit(total.code === 0 && total.fail === 0 ? 0 : 1);
}

main();
