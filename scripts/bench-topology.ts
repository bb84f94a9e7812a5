/**
 * The production arrangement under load (scripts/lib/production-arrangement.ts), through nginx:
 * req/s and p50/p95 for a cached page, an uncached product page and a hashed asset, with two app
 * servers and then one; and the CMS's catalogue views on PostgreSQL (beside SQLite's when the
 * caller passes a SQLite CMS). Prints; asserts nothing. Alone: `tsx scripts/bench-topology.ts`
 * (reuses the end-to-end run's builds in .tmp/e2e-builds, or builds).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { SITE_READ_HEADER } from '@steel/server/site-reads';
import { buildAndPublish } from './build';
import { APPS, repoRoot } from './lib/paths';
import { type Arrangement, startArrangement } from './lib/production-arrangement';

const DURATION_S = Number(process.env.BENCH_TOPOLOGY_SECONDS ?? 10);
const CONNECTIONS = 32;
const CATALOGUE_VIEW =
  '/api/products?fields[0]=slug&fields[1]=name&fields[2]=price&populate[sub_category][fields][0]=path&sort[0]=price:asc&pagination[pageSize]=24';

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return `${Math.round(result.requests.average).toString().padStart(6)} req/s  p50 ${result.latency.p50} ms  p95 ${result.latency.p97_5 ?? result.latency.p99} ms  errors ${result.errors}  non-2xx ${result.non2xx}`;
}

export async function benchTopology(options: {
  buildsDir: string;
  port?: number;
  cmsPort?: number;
  sqliteCmsUrl?: string;
  log: (line: string) => void;
}) {
  const { log } = options;
  const port = options.port ?? 8690;
  const cmsPort = options.cmsPort ?? 1740;
  const workDir = path.join(repoRoot, '.tmp', `bench-topology-${port}`);
  fs.rmSync(workDir, { recursive: true, force: true });
  const buildsDir = path.join(workDir, 'builds');
  fs.cpSync(options.buildsDir, buildsDir, { recursive: true });
  const start = (serverEnv: NodeJS.ProcessEnv) =>
    startArrangement({
      port,
      cmsPort,
      buildsDir,
      stateDir: path.join(workDir, 'state'),
      serverEnv: { RENDER_RATE_LIMIT_PER_MINUTE: 'off', HEALTH_MONITOR: 'off', ...serverEnv },
    });

  let site: Arrangement | null = await start({});
  try {
    const home = await (await fetch(`${site.siteUrl}/`)).text();
    const asset = home.match(/\/builds\/shell\/[^"]+\.js/)?.[0] ?? '/';
    const product = '/rebar/kalaf/rebar-kalaf-1';
    await fetch(`${site.siteUrl}${product}`);
    log(`through nginx, ${CONNECTIONS} connections, ${DURATION_S} s each (page cache shared in Redis):`);
    log(`  cached page /               2 servers: ${await load(`${site.siteUrl}/`)}`);
    log(
      `  hashed asset (nginx, br)    2 servers: ${await load(`${site.siteUrl}${asset}`, { 'accept-encoding': 'br' })}`,
    );
    await site.stopAppServer(1);
    log(`  cached page /               1 server:  ${await load(`${site.siteUrl}/`)}`);
    const secret = { [SITE_READ_HEADER]: site.siteReadSecret };
    log(`CMS catalogue view (${CONNECTIONS} connections, ${DURATION_S} s):`);
    log(`  PostgreSQL 15: ${await load(`${site.cmsUrl}${CATALOGUE_VIEW}`, secret)}`);
    if (options.sqliteCmsUrl) log(`  SQLite:        ${await load(`${options.sqliteCmsUrl}${CATALOGUE_VIEW}`, secret)}`);
    await site.stop();
    site = null;
    // Uncached: the page cache off, every request a server render (CMS reads included).
    site = await start({ SSR_CACHE_ENTRIES: '0' });
    log(`  uncached product page       2 servers: ${await load(`${site.siteUrl}${product}`)}`);
    await site.stopAppServer(1);
    log(`  uncached product page       1 server:  ${await load(`${site.siteUrl}${product}`)}`);
  } finally {
    await site?.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  void (async () => {
    const e2eBuilds = path.join(repoRoot, '.tmp/e2e-builds');
    let buildsDir = e2eBuilds;
    if (!fs.existsSync(path.join(e2eBuilds, 'live.json'))) {
      buildsDir = path.join(repoRoot, '.tmp/bench-topology-builds');
      await buildAndPublish(APPS, buildsDir);
    }
    console.log('\nProduction arrangement (nginx, Redis, PostgreSQL):');
    await benchTopology({ buildsDir, log: (line) => console.log(`  ${line}`) });
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
