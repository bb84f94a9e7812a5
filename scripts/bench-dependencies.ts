/**
 * What a page costs when Redis misbehaves, for `npm run bench` (printed, never asserted): page
 * p50/p95 from one app server on Redis running (the page cache shared in Redis), hung (SIGSTOP:
 * the connection stays up, nothing answers — each command waits its timeout until the circuit
 * breaker opens, deploy/server/src/shared-state/circuit-breaker.ts), and dead (killed: commands
 * fail at once); then from an app server without Redis (REDIS_URL unset, its cache in memory).
 * With Redis hung or dead each server answers from its own bounded copy of the pages it rendered
 * or served (shared-state/redis-state.ts), so those rows compare with the last, the in-process cache.
 * Autocannon on loopback, a bounded count of requests per row. Alone: `tsx scripts/bench-dependencies.ts`
 * (reuses BUILDS_DIR or .builds from `npm run build`, or builds; starts a CMS of its own).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildAndPublish } from './build';
import { APPS, buildsDir as defaultBuildsDir, repoRoot } from './lib/paths';
import { type RunningProcess, shareServerSettings, startProcess, waitForUrl } from './lib/processes';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startRedis } = require('../deploy/cms/scripts/lib/redis-server') as {
  startRedis: (options: { dir: string }) => Promise<{ url: string; pid: number; stop: () => Promise<void> }>;
};

const ROUTE = '/rebar/kalaf';
const REQUESTS = Number(process.env.BENCH_DEPENDENCY_REQUESTS ?? 400);
const CONNECTIONS = 8;

export async function benchDependencies(options: {
  /** Starts an app server on `port` with the bench's settings plus `env` (no render rate limit: one load generator is one client). */
  startServer: (port: number, env: Record<string, string>) => RunningProcess;
  port: number;
  log: (line: string) => void;
}) {
  const { port, log } = options;
  const base = `http://127.0.0.1:${port}`;
  const load = async (label: string) => {
    // How the page is answered in this row: from the cache, or rendered.
    const answeredBy = (await fetch(`${base}${ROUTE}`)).headers.get('x-render');
    const result = await autocannon({ url: `${base}${ROUTE}`, connections: CONNECTIONS, amount: REQUESTS });
    const p95 = result.latency.p97_5 ?? result.latency.p99;
    log(
      `${label.padEnd(40)} p50 ${String(result.latency.p50).padStart(5)} ms  p95 ${String(p95).padStart(5)} ms (p97.5)  ${(result.requests.total / result.duration).toFixed(0).padStart(4)} req/s  non-2xx ${result.non2xx}  errors ${result.errors}  (x-render: ${answeredBy})`,
    );
  };
  const serve = async (env: Record<string, string>) => {
    const server = options.startServer(port, env);
    await waitForUrl(`${base}/api/health`, 30_000, () => server.child.exitCode === null);
    // The render workers started and the page rendered once (into the cache, when there is one).
    await (await fetch(`${base}${ROUTE}`)).text();
    return server;
  };

  log(`${ROUTE}, ${REQUESTS} requests at ${CONNECTIONS} connections per row:`);
  const redisDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-bench-redis-'));
  const redis = await startRedis({ dir: redisDir });
  let server: RunningProcess | null = null;
  try {
    server = await serve({ REDIS_URL: redis.url, REDIS_PREFIX: 'bench-dependencies:' });
    await load('Redis running (cache in Redis)');
    process.kill(redis.pid, 'SIGSTOP');
    await load('Redis hung (SIGSTOP)');
    // A stopped process is killed all the same.
    process.kill(redis.pid, 'SIGKILL');
    await load('Redis dead (killed)');
    await server.stop();
    server = await serve({ REDIS_URL: '' });
    await load('no Redis (one process, cache in memory)');
  } finally {
    await server?.stop();
    await redis.stop();
    fs.rmSync(redisDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  void (async () => {
    shareServerSettings();
    const buildsDir = process.env.BUILDS_DIR ? path.resolve(process.env.BUILDS_DIR) : defaultBuildsDir;
    if (!fs.existsSync(path.join(buildsDir, 'live.json'))) await buildAndPublish(APPS, buildsDir);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startStrapi } = require('../deploy/cms/scripts/lib/strapi-process') as {
      startStrapi: (options: {
        env?: Record<string, string>;
        label?: string;
      }) => Promise<{ url: string; stop: () => Promise<void> }>;
    };
    const cms = await startStrapi({
      label: 'bench-dependencies-cms',
      env: { AUTH_RATE_LIMIT: 'off', REQUEST_LOG: 'off' },
    });
    const port = Number(process.env.BENCH_PORT ?? 8191) + 7;
    try {
      console.log('\nA page with Redis running, hung and dead, and without Redis (autocannon, loopback):');
      await benchDependencies({
        port,
        log: (line) => console.log(`  ${line}`),
        startServer: (serverPort, env) =>
          startProcess('server', path.join(repoRoot, 'node_modules/.bin/tsx'), ['deploy/server/src/main.ts'], {
            cwd: repoRoot,
            stdio: 'ignore',
            env: {
              ...process.env,
              NODE_ENV: 'production',
              PORT: String(serverPort),
              HOST: '127.0.0.1',
              BUILDS_DIR: buildsDir,
              LOG_LEVEL: 'warn',
              CMS_PUBLIC_URL: `${cms.url}/api`,
              SITE_URL: `http://127.0.0.1:${serverPort}`,
              RENDER_RATE_LIMIT_PER_MINUTE: 'off',
              ...env,
            },
          }),
      });
    } finally {
      await cms.stop();
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
