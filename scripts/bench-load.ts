/**
 * Load held: autocannon on loopback against the app server's page and asset routes and
 * the CMS's catalogue reads, at a moderate concurrency and beyond saturation, each for a bounded
 * time. Prints p50 / p95 latency, throughput and errors; an error is anything other than a 2xx/3xx
 * or a deliberate 429 (socket errors and timeouts included). Prints, never asserts.
 *
 * From scripts/bench.ts: `await benchLoad({ buildsDir, port, log })` (it starts its own seeded CMS
 * and app server and stops both by PID). Alone, against builds `npm run build` or scripts/e2e.ts
 * made: `npx tsx scripts/bench-load.ts [buildsDir]`. BENCH_LOAD_SECONDS (default 5) per run,
 * BENCH_LOAD_CONNECTIONS (default "8,64"), BENCH_PORT (+2 app server, +3 CMS).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { buildsDir as defaultBuildsDir, repoRoot } from './lib/paths';
import { shareServerSettings, startProcess, waitForUrl } from './lib/processes';

interface StrapiProcess {
  url: string;
  stop(): Promise<void>;
}
// The CMS's own helper (plain JS in its own package): a seeded Strapi on a temp database.
const { startStrapi } = createRequire(__filename)(path.join(repoRoot, 'deploy/cms/scripts/lib/strapi-process.js')) as {
  startStrapi: (options: { tmpDir: string; env: Record<string, string>; label?: string }) => Promise<StrapiProcess>;
};

export interface LoadTarget {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

export interface LoadFigures {
  target: string;
  connections: number;
  requests: number;
  throughput: number;
  p50: number;
  p95: number;
  max: number;
  status429: number;
  errors: number;
  /** Answers by status code, e.g. `200×41000`. */
  statuses: string;
}

/** The q-th percentile (0..100) of the latencies, in ms (nearest rank). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** One bounded autocannon run; latencies are collected per response so p95 is exact. */
export async function measure(target: LoadTarget, connections: number, seconds: number): Promise<LoadFigures> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: target.url, headers: target.headers, connections, duration: seconds, timeout: 10, pipelining: 1 },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
  latencies.sort((a, b) => a - b);
  const status429 = statuses.get(429) ?? 0;
  const badStatuses = [...statuses].filter(([code]) => code >= 400 && code !== 429).reduce((sum, [, n]) => sum + n, 0);
  return {
    target: target.name,
    connections,
    requests: latencies.length,
    throughput: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies[latencies.length - 1] ?? NaN,
    status429,
    errors: badStatuses + result.errors, // result.errors counts timeouts too
    statuses: [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([code, n]) => `${code}×${n}`)
      .join(' '),
  };
}

const row = (f: LoadFigures) =>
  `${f.target.padEnd(24)} c=${String(f.connections).padStart(3)}  ${f.throughput.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(1).padStart(7)} ms  p95 ${f.p95.toFixed(1).padStart(7)} ms  max ${f.max.toFixed(0).padStart(6)} ms  429s ${String(f.status429).padStart(5)}  errors ${f.errors}  (${f.statuses})`;

/** A real file of the live shell build, served by the app server's versioned asset route. */
function shellAsset(buildsDir: string): string {
  const live = JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as Record<string, unknown>;
  const version = String(live.shell);
  const file = fs.readdirSync(path.join(buildsDir, 'shell', version)).find((name) => name.endsWith('.js'));
  if (!file) throw new Error(`No JS file in the live shell build ${version}`);
  return `/builds/shell/${version}/${file}`;
}

export async function benchLoad({
  buildsDir,
  port = Number(process.env.BENCH_PORT ?? 8191),
  seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 5),
  connectionLevels = (process.env.BENCH_LOAD_CONNECTIONS ?? '8,64').split(',').map(Number),
  log = (line: string) => console.log(line),
}: {
  buildsDir: string;
  port?: number;
  seconds?: number;
  connectionLevels?: number[];
  log?: (line: string) => void;
}): Promise<LoadFigures[]> {
  const appPort = port + 2;
  const cmsPort = port + 3;
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-bench-load-'));
  let cms: StrapiProcess | null = null;
  let server: ReturnType<typeof startProcess> | null = null;
  const figures: LoadFigures[] = [];
  try {
    // Production CMS with its limits on, as deployed; no request log (it costs ~1 ms a request).
    cms = await startStrapi({
      tmpDir,
      label: 'cms-bench-load',
      env: { PORT: String(cmsPort), NODE_ENV: 'production', REQUEST_LOG: 'off' },
    });
    server = startProcess('server', path.join(repoRoot, 'node_modules/.bin/tsx'), ['deploy/server/src/main.ts'], {
      cwd: repoRoot,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        BUILDS_DIR: buildsDir,
        LOG_LEVEL: 'warn',
        CMS_PUBLIC_URL: `${cms.url}/api`,
      },
    });
    const app = `http://127.0.0.1:${appPort}`;
    await waitForUrl(`${app}/api/health`, 30_000);
    const slug = (
      (await (await fetch(`${cms.url}/api/products?pagination[pageSize]=1&fields[0]=slug`)).json()) as {
        data: { slug: string }[];
      }
    ).data[0]!.slug;
    // The CMS rows measure what it serves the app server, whose reads carry the site secret (a
    // load generator is one address: without it the public-read limits would answer 429).
    const siteRead = { 'x-site-read': process.env.SITE_READ_SECRET ?? '' };
    const targets: LoadTarget[] = [
      { name: 'app  page /', url: `${app}/` },
      { name: 'app  page /rebar', url: `${app}/rebar` },
      { name: 'app  asset (shell JS)', url: `${app}${shellAsset(buildsDir)}` },
      { name: 'app  /remotes.json', url: `${app}/remotes.json` },
      {
        name: 'cms  catalogue list',
        url: `${cms.url}/api/products?filters[sub_category][path][$eq]=pipe/seamed-pipe/erw&populate[0]=images&populate[1]=producer&sort[0]=price:asc&pagination[pageSize]=24`,
        headers: siteRead,
      },
      {
        name: 'cms  product detail',
        url: `${cms.url}/api/products?filters[slug][$eq]=${slug}&populate=*`,
        headers: siteRead,
      },
      {
        name: 'cms  category tree',
        url: `${cms.url}/api/categories?pagination[pageSize]=10&populate=*`,
        headers: siteRead,
      },
    ];
    log(
      `\nLoad on loopback (autocannon, ${seconds} s a run, connections ${connectionLevels.join(' and ')}; errors = not 2xx/3xx/429, socket errors, timeouts):`,
    );
    for (const target of targets) {
      for (const connections of connectionLevels) {
        const f = await measure(target, connections, seconds);
        figures.push(f);
        log(`  ${row(f)}`);
      }
    }
    const errors = figures.reduce((sum, f) => sum + f.errors, 0);
    log(`  total errors other than deliberate 429s: ${errors}`);
  } finally {
    await server?.stop();
    await cms?.stop();
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
  return figures;
}

if (require.main === module) {
  shareServerSettings();
  benchLoad({ buildsDir: path.resolve(process.argv[2] ?? defaultBuildsDir) }).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
