'use strict';

// A throwaway redis-server from Debian's packages on a free loopback port, stopped by its PID.
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { freePort, sleep } = require('./strapi-process');

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const REDIS_BIN = '/usr/bin/redis-server';
const APT_CMD = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y redis-server';

/**
 * The redis-server binary; installs Debian's `redis-server` when missing and we are root.
 * Returns null when it is missing and cannot be installed (the caller skips).
 */
function ensureRedis({ log = console.log } = {}) {
  if (fs.existsSync(REDIS_BIN)) return REDIS_BIN;
  if (!isRoot) return null;
  log(`[redis] installing Debian's redis-server: ${APT_CMD}`);
  const r = spawnSync('sh', ['-c', APT_CMD], { stdio: 'inherit' });
  return r.status === 0 && fs.existsSync(REDIS_BIN) ? REDIS_BIN : null;
}

/** Starts redis-server in `dir` (no persistence, loopback only); resolves once it answers PING. */
async function startRedis({ bin = REDIS_BIN, dir, timeoutMs = 15000 } = {}) {
  const port = await freePort();
  const logFile = path.join(dir, 'redis.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(
    bin,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--daemonize',
      'no',
    ],
    { stdio: ['ignore', out, out] },
  );
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  const url = `redis://127.0.0.1:${port}/0`;
  const stop = async () => {
    if (exited) return;
    try {
      process.kill(child.pid, 'SIGTERM');
    } catch {
      return;
    }
    for (let i = 0; i < 50 && !exited; i++) await sleep(100);
    if (!exited) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  };
  const Redis = require('ioredis');
  const t0 = Date.now();
  for (;;) {
    if (exited)
      throw new Error(
        `redis-server exited (${JSON.stringify(exited)}): ${fs.readFileSync(logFile, 'utf8').slice(-2000)}`,
      );
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') {
        client.disconnect();
        break;
      }
    } catch {
      /* not yet */
    }
    client.disconnect();
    if (Date.now() - t0 > timeoutMs) {
      await stop();
      throw new Error('redis-server did not answer PING');
    }
    await sleep(100);
  }
  return { url, port, pid: child.pid, logFile, stop };
}

module.exports = { ensureRedis, startRedis, REDIS_BIN, APT_CMD };
