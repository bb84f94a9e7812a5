'use strict';
/**
 * An S3-compatible object store on one machine: OpenStack Swift with its S3 middleware
 * (swift-server.py), five processes on five consecutive loopback ports — the S3 endpoint (Swift's
 * proxy) on `port`, its account, container and object servers on `port` + 1 to + 3, and memcached
 * (where Swift's auth keeps its tokens) on `port` + 4. Plain Node, so that whatever starts the
 * store — the tests (deploy/server/src/testing/object-store-server.ts), the production arrangement
 * (scripts/lib/production-arrangement.ts, which supervises each process) and, as a command,
 * steel-object-store.service (deploy/systemd) — runs the same commands.
 *
 *   node deploy/object-store/object-store.cjs
 *     OBJECT_STORE_DIR           its configuration, rings and objects (kept)
 *     OBJECT_STORE_PORT          the S3 endpoint; the four ports after it are the store's own
 *     BUILD_STORE_ACCESS_KEY_ID  Swift's account:user, as the app servers sign with it
 *     BUILD_STORE_SECRET_ACCESS_KEY
 *   prepares the store and runs its five processes in the foreground; when one of them ends, it
 *   stops the others and ends too (systemd then starts it again); SIGTERM stops all five.
 *
 * Debian's packages, which `npm test` installs (scripts/lib/debian-packages.ts): swift-proxy,
 * swift-account, swift-container, swift-object (with python3-swift) and memcached.
 */
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');

const PYTHON = '/usr/bin/python3';
const MEMCACHED = '/usr/bin/memcached';
const LAUNCHER = path.join(__dirname, 'swift-server.py');
/** Where the S3 client signs: s3api's `location`. */
const REGION = 'us-east-1';

/** The Debian programs the object store runs (path, package). */
const OBJECT_STORE_PROGRAMS = [
  { path: '/usr/bin/swift-proxy-server', pkg: 'swift-proxy' },
  { path: '/usr/bin/swift-account-server', pkg: 'swift-account' },
  { path: '/usr/bin/swift-container-server', pkg: 'swift-container' },
  { path: '/usr/bin/swift-object-server', pkg: 'swift-object' },
  { path: MEMCACHED, pkg: 'memcached' },
];

/**
 * The object store in `dir` (its configuration, rings and objects; kept between runs) with the
 * S3 endpoint on `port`; `accessKeyId` is Swift's `account:user`, `secretKey` its key.
 * Returns what a client needs and the processes to run, in the order to start them.
 */
function objectStore({ dir, port, accessKeyId, secretKey }) {
  if (!/^[a-z0-9_-]+:[a-z0-9_-]+$/.test(accessKeyId))
    throw new Error(`The object store's access key id is account:user, got "${accessKeyId}"`);
  const folder = path.resolve(dir);
  const swift = (server) => ({
    name: `object-store-${server}`,
    command: PYTHON,
    args: [LAUNCHER, 'run', folder, server],
  });
  // memcached refuses to run as root without a user to become.
  const memcachedUser = process.getuid && process.getuid() === 0 ? ['-u', 'nobody'] : [];
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region: REGION,
    accessKeyId,
    secretKey,
    /** Answers 200 once the proxy serves (the storage servers may still be starting). */
    healthUrl: `http://127.0.0.1:${port}/healthcheck`,
    /** Writes the configuration (every start: the ports may have changed) and the rings (once). */
    prepare() {
      const result = spawnSync(PYTHON, [LAUNCHER, 'prepare', folder, String(port), accessKeyId, secretKey], {
        encoding: 'utf8',
      });
      if (result.status !== 0)
        throw new Error(`The object store could not be prepared in ${folder}: ${result.stderr || result.error}`);
    },
    processes: [
      {
        name: 'object-store-memcached',
        command: MEMCACHED,
        args: [...memcachedUser, '-l', '127.0.0.1', '-p', String(port + 4), '-U', '0', '-m', '16'],
      },
      swift('account'),
      swift('container'),
      swift('object'),
      swift('proxy'),
    ],
  };
}

module.exports = { objectStore, OBJECT_STORE_PROGRAMS, REGION };

if (require.main === module) {
  const env = process.env;
  try {
    const port = Number(env.OBJECT_STORE_PORT);
    if (!Number.isInteger(port) || port < 1 || port > 65531)
      throw new Error(`OBJECT_STORE_PORT must be a port number, got "${env.OBJECT_STORE_PORT ?? ''}"`);
    if (!env.OBJECT_STORE_DIR) throw new Error("OBJECT_STORE_DIR names the folder of the store's data");
    const store = objectStore({
      dir: env.OBJECT_STORE_DIR,
      port,
      accessKeyId: env.BUILD_STORE_ACCESS_KEY_ID || '',
      secretKey: env.BUILD_STORE_SECRET_ACCESS_KEY || '',
    });
    if (!store.secretKey) throw new Error('BUILD_STORE_SECRET_ACCESS_KEY is not set (the secrets file)');
    store.prepare();
    const children = store.processes.map((proc) => ({
      proc,
      child: spawn(proc.command, proc.args, { stdio: 'inherit' }),
    }));
    let stopping = false;
    const stopAll = (code) => {
      if (stopping) return;
      stopping = true;
      for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
      process.exitCode = code;
    };
    for (const { proc, child } of children)
      child.on('exit', (code, signal) => {
        if (!stopping)
          console.error(`[object-store] ${proc.name} ended (${signal ?? `code ${code}`}): stopping the store`);
        stopAll(stopping ? process.exitCode : 1);
      });
    for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stopAll(0));
  } catch (error) {
    console.error(`[object-store] ${error.message}`);
    process.exit(1);
  }
}
