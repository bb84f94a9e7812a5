'use strict';

// Start a Strapi of this app as a child process on a free loopback port and stop it by PID.
const { spawn } = require('child_process');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');
const { newSecrets } = require('../../src/utils/production-secrets');

const APP_DIR = path.resolve(__dirname, '..', '..');

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `node scripts/start.js` with `env` on a free port (unless env.PORT is given) and waits
 * for GET /_health. Returns { url, pid, port, child, logFile, stop() }.
 * With `killWhenLogged` (a RegExp) it kills Strapi with SIGKILL as soon as its log matches, as a
 * crash would, and returns once it is gone ({ killed: true, … }).
 */
async function startStrapi({ env = {}, tmpDir, timeoutMs = 240000, label = 'cms', killWhenLogged } = {}) {
  const dir = tmpDir || fs.mkdtempSync(path.join(os.tmpdir(), 'steel-cms-'));
  const port = Number(env.PORT) || (await freePort());
  const logFile = path.join(dir, `${label}.log`);
  const out = fs.openSync(logFile, 'a');
  const childEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_FILENAME: path.join(dir, 'cms.db'),
    EMAIL_CAPTURE_FILE: path.join(dir, 'mails.jsonl'),
    SMS_OUTBOX_FILE: path.join(dir, 'sms.jsonl'),
    NODE_ENV: process.env.NODE_ENV || 'development',
    ...env,
  };
  // A throwaway production CMS (the benches) gets throwaway secrets: it refuses the repository's.
  if (childEnv.NODE_ENV === 'production')
    for (const [name, value] of Object.entries(newSecrets())) childEnv[name] ||= value;
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(APP_DIR, 'scripts', 'start.js')], {
    cwd: APP_DIR,
    env: childEnv,
    stdio: ['ignore', out, out],
  });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited) return;
    try {
      process.kill(child.pid, 'SIGTERM');
    } catch {
      return;
    }
    for (let i = 0; i < 100 && !exited; i++) await sleep(100);
    if (!exited) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    for (let i = 0; i < 50 && !exited; i++) await sleep(100);
  };
  while (true) {
    if (exited) {
      throw new Error(
        `Strapi exited during start (${JSON.stringify(exited)}); log:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`,
      );
    }
    if (Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(
        `Strapi did not answer /_health within ${timeoutMs} ms; log:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`,
      );
    }
    if (killWhenLogged && killWhenLogged.test(fs.readFileSync(logFile, 'utf8'))) {
      process.kill(child.pid, 'SIGKILL');
      for (let i = 0; i < 100 && !exited; i++) await sleep(50);
      return { url, port, pid: child.pid, logFile, killed: true, stop };
    }
    try {
      const res = await fetch(`${url}/_health`);
      if (res.status === 204 || res.status === 200) break;
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  return { url, port, pid: child.pid, child, dir, logFile, env: childEnv, startMs: Date.now() - started, stop };
}

module.exports = { startStrapi, freePort, sleep, APP_DIR };
