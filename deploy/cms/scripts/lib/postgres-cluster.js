'use strict';

// A PostgreSQL cluster from Debian's packages for the CMS, two ways:
// - throwaway (no dataDir): initdb in a temp dir, fast unsafe settings, deleted on stop (the tests);
// - kept (dataDir given): initdb only when the dir holds no cluster yet, started with the normal
//   durable settings, data left in place on stop (a long-running arrangement).
// As root the cluster runs as the `postgres` system user (initdb refuses root).
const { execFileSync, spawnSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { freePort } = require('./strapi-process');

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const APT_CMD = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql';

function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/**
 * The bin directory of the newest installed PostgreSQL. Installs Debian's `postgresql` with
 * apt-get when missing and we are root; otherwise throws an error whose message gives the command.
 */
function ensurePostgres({ log = console.log } = {}) {
  let bin = findPgBin();
  if (bin) return bin;
  if (!isRoot) {
    const err = new Error(
      `PostgreSQL is not installed. Install Debian's package first (as root):\n  sudo sh -c '${APT_CMD}'`,
    );
    err.code = 'POSTGRES_MISSING';
    throw err;
  }
  log(`[postgres] installing Debian's postgresql: ${APT_CMD}`);
  const r = spawnSync('sh', ['-c', APT_CMD], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('[postgres] apt-get failed');
  bin = findPgBin();
  if (!bin) throw new Error('[postgres] pg_ctl not found after install');
  return bin;
}

/**
 * Where a kept cluster's data really lives. As root the cluster runs as `postgres`, which cannot
 * reach a repository checked out under a private directory (a mktemp dir, a home of mode 700).
 * Then the data goes to Debian's own place for clusters, /var/lib/postgresql/steel/<name>-<hash of
 * the requested dir>, and the requested dir becomes a symlink to it: the cluster is reused while
 * the link is there and made anew when the owner removed it (a fresh state dir).
 */
function reachableDataDir(requested, log) {
  if (!isRoot) return requested;
  fs.mkdirSync(path.dirname(requested), { recursive: true });
  if (spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', path.dirname(requested)]).status === 0)
    return requested;
  const hash = crypto.createHash('sha256').update(requested).digest('hex').slice(0, 12);
  const real = path.join('/var/lib/postgresql/steel', `${path.basename(path.dirname(requested))}-${hash}`);
  let linked = null;
  try {
    linked = fs.readlinkSync(requested);
  } catch {
    // not a symlink (or not there)
  }
  if (linked !== real) {
    if (fs.existsSync(requested)) return requested; // a real dir of its own: left alone (initdb says why it fails)
    fs.rmSync(real, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(real), { recursive: true });
    fs.symlinkSync(real, requested);
  }
  log(`[postgres] ${requested} is out of the postgres user's reach: the cluster lives in ${real}`);
  return real;
}

const asPg = (cmd, args, opts = {}) =>
  isRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe', ...opts })
    : execFileSync(cmd, args, { stdio: 'pipe', ...opts });

/**
 * Starts a cluster on 127.0.0.1:`port` (a free one when not given); its socket and log
 * (postgres.log) are in the data dir.
 *   dataDir  kept cluster here (created if missing); omitted → a throwaway temp cluster
 *   keep     keep the data on stop (default: true with dataDir, false without; KEEP_TMP=1 keeps a throwaway)
 *   fast     fsync and friends off (default: only for a throwaway cluster)
 *   stopOnExit  stop the cluster when this process exits (also on SIGINT/SIGTERM)
 * Returns { port, host, dataDir, version, databaseEnv(dbName), createDatabase(name), stop(), and for
 * the tests of an outage halt(), pause() and resume() }.
 */
async function startCluster({ dataDir, port, keep, fast, stopOnExit = false, log = console.log } = {}) {
  const bin = ensurePostgres({ log });
  const throwaway = !dataDir;
  const tmpDir = throwaway ? fs.mkdtempSync(path.join(os.tmpdir(), 'steel-cms-pg-')) : null;
  const dir = throwaway ? path.join(tmpDir, 'data') : reachableDataDir(path.resolve(dataDir), log);
  const keepData = keep !== undefined ? Boolean(keep) : !throwaway || Boolean(process.env.KEEP_TMP);
  const fastSettings = fast !== undefined ? Boolean(fast) : throwaway;
  fs.mkdirSync(dir, { recursive: true });
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', tmpDir || dir]);
  const remove = () => {
    if (!keepData) fs.rmSync(tmpDir || dir, { recursive: true, force: true });
  };

  const pgPort = port || (await freePort());
  const settings = `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1${fastSettings ? ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off' : ''}`;
  const pgCtlStart = () =>
    asPg(path.join(bin, 'pg_ctl'), [
      '-D',
      dir,
      '-l',
      path.join(dir, 'postgres.log'),
      '-w',
      '-t',
      '60',
      '-o',
      settings,
      'start',
    ]);
  const pgCtlStop = () => asPg(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', '-w', 'stop']);
  let running = false;
  try {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
      log(`[postgres] initdb ${dir} (${bin})`);
      asPg(path.join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);
    } else {
      log(`[postgres] reusing the cluster in ${dir}`);
    }
    pgCtlStart();
    running = true;
  } catch (err) {
    remove();
    throw err;
  }
  const version = execFileSync(path.join(bin, 'postgres'), ['--version']).toString().trim();
  log(`[postgres] ${version} running on 127.0.0.1:${pgPort}`);

  // Synchronous, so that it also works from an 'exit' handler.
  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    try {
      // A paused server cannot stop: it is woken first. A halted one is only removed.
      if (running) {
        signalServer('SIGCONT');
        pgCtlStop();
        running = false;
      }
      log('[postgres] cluster stopped');
    } catch (e) {
      console.error('[postgres] stop failed', String(e.stderr || e));
    }
    remove();
  };
  if (stopOnExit) {
    process.once('exit', stopSync);
    for (const signal of ['SIGINT', 'SIGTERM'])
      process.once(signal, () => {
        stopSync();
        process.exit(signal === 'SIGINT' ? 130 : 143);
      });
  }

  const databaseEnv = (dbName) => ({
    DATABASE_CLIENT: 'postgres',
    DATABASE_HOST: '127.0.0.1',
    DATABASE_PORT: String(pgPort),
    DATABASE_NAME: dbName,
    DATABASE_USERNAME: 'postgres',
    DATABASE_PASSWORD: '',
  });

  /** Creates the database unless it exists (a kept cluster already has it on later runs). */
  const createDatabase = async (name) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`unsafe database name: ${name}`);
    const { Client } = require('pg');
    const client = new Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) await client.query(`CREATE DATABASE ${name} ENCODING 'UTF8'`);
      return rowCount === 0;
    } finally {
      await client.end();
    }
  };

  /** The postmaster and every process it started (PIDs), from its pid file and /proc. */
  const serverProcesses = () => {
    const postmaster = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          // The parent's PID is the 4th field, after the command's name in parentheses.
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false; // gone meanwhile
        }
      })
      .map(Number);
    return [postmaster, ...children];
  };
  const signalServer = (signal) => {
    if (!running) return;
    for (const pid of serverProcesses()) {
      try {
        process.kill(pid, signal);
      } catch {
        // a child that ended meanwhile
      }
    }
  };

  return {
    port: pgPort,
    host: '127.0.0.1',
    dataDir: dir,
    version,
    databaseEnv,
    createDatabase,
    stop: async () => stopSync(),
    stopSync,
    // For the tests of an outage (the data stays):
    /** Stops the server as an operator would (`pg_ctl stop -m fast`); `resume` starts it again. */
    halt: async () => {
      if (!running) return;
      signalServer('SIGCONT');
      pgCtlStop();
      running = false;
    },
    /** Hangs the server (SIGSTOP to it and its processes): connections stay open, nothing answers. */
    pause: async () => signalServer('SIGSTOP'),
    /** Wakes a paused server, or starts a halted one. */
    resume: async () => {
      if (running) return signalServer('SIGCONT');
      pgCtlStart();
      running = true;
    },
  };
}

module.exports = { ensurePostgres, startCluster, findPgBin, APT_CMD };
