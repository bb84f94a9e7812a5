/**
 * What a release costs the server while visitors keep coming, for `npm run bench` (printed, never
 * asserted):
 * - uncached render p50/p95 of never-rendered product pages with a 50 % catalogue canary running
 *   (visitors of the two live sets alternating) and without one, and how many times render
 *   workers were started meanwhile;
 * - throughput and 429s on `/blog` under 64 connections from one client while a new blog version
 *   is activated halfway (production's render limit per client on).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StdioOptions } from 'node:child_process';
import autocannon from 'autocannon';
import { activate } from '@steel/server/live-file-writes';
import { endCanary, startCanary } from '@steel/server/canary';
import { publish } from '@steel/server/publish';
import { type RunningProcess, waitForUrl } from './lib/processes';

export interface ReleasingBenchOptions {
  buildsDir: string;
  port: number;
  /** An app server on `port` with these settings added, its output as `stdio` says. */
  startServer: (port: number, env: Record<string, string>, stdio: StdioOptions) => RunningProcess;
  log: (line: string) => void;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;
};

/** Publishes a copy of the live version of `app` that differs by a comment: a new version, the same pages. */
async function publishVariant(buildsDir: string, app: 'catalogue' | 'blog', mark: string): Promise<string> {
  const live = JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as Record<string, string>;
  const dist = fs.mkdtempSync(path.join(buildsDir, '..', `bench-${app}-`));
  try {
    fs.cpSync(path.join(buildsDir, app, live[app]!), dist, { recursive: true });
    fs.appendFileSync(path.join(dist, 'server', 'index.js'), `\n// ${mark} ${Date.now()}\n`);
    return (await publish(buildsDir, app, dist)).version;
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

/** Product pages of the live catalogue (three segments deep in its tree, or under /product/), from the sitemap. */
async function productUrls(base: string): Promise<string[]> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  return paths.filter(
    (pathname) => pathname.startsWith('/product/') || pathname.split('/').filter(Boolean).length === 3,
  );
}

export async function benchCanaryRenders({ buildsDir, port, startServer, log }: ReleasingBenchOptions) {
  const base = `http://127.0.0.1:${port}`;
  // Every request renders (no page cache): the figure is the render, not the cache.
  const server = startServer(
    port,
    { SSR_CACHE_ENTRIES: '0', RENDER_RATE_LIMIT_PER_MINUTE: 'off', HEALTH_MONITOR: 'off', LOG_LEVEL: 'info' },
    ['ignore', 'pipe', 'ignore'],
  );
  let workerStarts = 0;
  server.child.stdout?.on(
    'data',
    (chunk: Buffer) => (workerStarts += (chunk.toString().match(/render workers started/g) ?? []).length),
  );
  const canary = await publishVariant(buildsDir, 'catalogue', 'canary');
  try {
    await waitForUrl(`${base}/api/health`, 30_000);
    const urls = await productUrls(base);
    const run = async (label: string, pages: string[]) => {
      const startsBefore = workerStarts;
      const times: number[] = [];
      for (const [index, url] of pages.entries()) {
        // Cohorts 100 and 9000: on either side of a 50 % canary, one after the other.
        const started = performance.now();
        await (await fetch(`${base}${url}`, { headers: { cookie: `steel_cohort=${index % 2 ? 9000 : 100}` } })).text();
        times.push(performance.now() - started);
      }
      log(
        `${label.padEnd(34)} render p50 ${percentile(times, 0.5).toFixed(0).padStart(4)} ms  p95 ${percentile(times, 0.95).toFixed(0).padStart(4)} ms  (${times.length} pages; render workers started meanwhile: ${workerStarts - startsBefore})`,
      );
      return percentile(times, 0.5);
    };
    // The same pages both ways, rendered afresh each time (no page cache), each way after the same
    // first pass over them: it warms the CMS's own caches and the threads' compiled code (a fresh
    // pool's first renders are slower, which the warm-up of a new live set is there to absorb).
    const [warmUp, measured] = [urls.slice(0, 8), urls.slice(8, 48)];
    await run('first pass, no canary', [...warmUp, ...measured]);
    const without = await run('no canary', measured);
    const startsBeforeCanary = workerStarts;
    await startCanary(buildsDir, 'catalogue', canary, 50);
    // The first request after the canary starts lets the server hear of it; its live set is warmed then.
    await (await fetch(`${base}/`)).text();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await run('first pass, 50 % canary', [...warmUp, ...measured]);
    const during = await run('50 % catalogue canary', measured);
    log(
      `${''.padEnd(34)} render workers started for the canary's live set when it began: ${workerStarts - startsBeforeCanary}`,
    );
    log(`${''.padEnd(34)} canary ÷ no canary, p50: ${(during / without).toFixed(2)}×`);
  } finally {
    await endCanary(buildsDir, 'catalogue').catch(() => undefined);
    await server.stop();
  }
}

export async function benchActivationUnderLoad(
  { buildsDir, port, startServer, log }: ReleasingBenchOptions,
  seconds = 16,
) {
  const base = `http://127.0.0.1:${port}`;
  // Production's render limit per client: the 64 connections are one client.
  const server = startServer(port, { HEALTH_MONITOR: 'off' }, 'ignore');
  const next = await publishVariant(buildsDir, 'blog', 'activation');
  try {
    await waitForUrl(`${base}/api/health`, 30_000);
    await (await fetch(`${base}/blog`)).text();
    const perSecond = new Map<number, number>();
    const statuses = new Map<number, number>();
    const started = Date.now();
    let instance!: autocannon.Instance;
    const load = new Promise<void>((resolve, reject) => {
      instance = autocannon({ url: `${base}/blog`, connections: 64, duration: seconds }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
    instance.on('response', (_client, statusCode) => {
      const second = Math.floor((Date.now() - started) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
    const activationAt = Math.floor(seconds / 2);
    const activation = new Promise<void>((resolve) =>
      setTimeout(() => void activate(buildsDir, 'blog', next).then(() => resolve()), activationAt * 1000),
    );
    await Promise.all([load, activation]);
    const window = (from: number, to: number) =>
      [...perSecond].filter(([second]) => second >= from && second < to).reduce((sum, [, count]) => sum + count, 0) /
      (to - from);
    const before = window(1, activationAt);
    const after = window(activationAt, activationAt + 7);
    log(`/blog, 64 connections, one client, ${seconds} s; a new blog version activated at ${activationAt} s:`);
    log(
      `  throughput before ${before.toFixed(0)} req/s, the 7 s after the activation ${after.toFixed(0)} req/s (${((after / before) * 100).toFixed(0)} %)`,
    );
    log(
      `  answers: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status} × ${count}`)
        .join(', ')}${statuses.has(429) ? '' : ' (no 429)'}`,
    );
  } finally {
    // The new blog version stays live: it is the same build, and later sections need not care.
    await server.stop();
  }
}
