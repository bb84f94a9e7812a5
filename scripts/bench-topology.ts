/**
 * The production arrangement under load (scripts/lib/production-arrangement.ts), through nginx:
 * req/s and p50/p95 for a cached page, an uncached product page and a hashed asset, with three app
 * servers, then two and one of them left (stopped one by one: each keeps its share of the render
 * threads, sized for three); a flood of `/` (256 connections whose clients give up after 10 s: how many
 * were answered, shed with 503 or timed out); publish → live of a blog build, quiet and under 64
 * connections; and the CMS's catalogue views on PostgreSQL (beside SQLite's when the caller passes
 * a SQLite CMS). Prints; asserts nothing. Alone: `tsx scripts/bench-topology.ts`
 * (reuses the end-to-end run's builds in .tmp/e2e-builds, or builds).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { SITE_READ_HEADER } from '@steel/server/site-reads';
import { buildAndPublish } from './build';
import { BROWSER_ACCEPT_ENCODING } from './lib/chromium';
import { APPS, repoRoot } from './lib/paths';
import { median } from './lib/median';
import { type Arrangement, startArrangement } from './lib/production-arrangement';
import {
  blogDeployKey,
  liveBlogVersion,
  nextBlogBuild,
  publishBlogThroughNginx,
  readPagesUntilStopped,
} from './topology/deploys-under-load';

const DURATION_S = Number(process.env.BENCH_TOPOLOGY_SECONDS ?? 10);
/** The arrangement's app servers at the start; the rows then stop them one by one down to one. */
const APP_SERVERS = 3;
const servers = (count: number) => `${count} server${count === 1 ? ' ' : 's'}`;
const CONNECTIONS = 32;
const CATALOGUE_VIEW =
  '/api/products?fields[0]=slug&fields[1]=name&fields[2]=price&populate[sub_category][fields][0]=path&sort[0]=price:asc&pagination[pageSize]=24';

/** Each client asks as a browser does (compressed answers), plus `headers`. */
async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers },
  });
  return `${Math.round(result.requests.average).toString().padStart(6)} req/s  p50 ${result.latency.p50} ms  p95 ${result.latency.p97_5 ?? result.latency.p99} ms  errors ${result.errors}  non-2xx ${result.non2xx}`;
}

/** A flood of `/` as the operator's trial had it: 256 connections, a client that gives up after 10 s. */
const OVERLOAD_CONNECTIONS = 256;
const OVERLOAD_SECONDS = 20;
const CLIENT_GIVES_UP_S = 10;

/**
 * `connections` clients asking for `path` without a pause for `seconds`, each giving up after 10 s:
 * how many were answered (by status), how many gave up, and how long an answer took.
 */
export async function overload(
  siteUrl: string,
  path = '/',
  connections = OVERLOAD_CONNECTIONS,
  seconds = OVERLOAD_SECONDS,
) {
  const result = await autocannon({
    url: `${siteUrl}${path}`,
    connections,
    duration: seconds,
    timeout: CLIENT_GIVES_UP_S,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ');
  return `${connections} connections, ${seconds} s: ${result.timeouts} client time-outs (${CLIENT_GIVES_UP_S} s), answered ${statuses || 'none'}, p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, max ${result.latency.max} ms, other errors ${result.errors - result.timeouts}`;
}

const PUBLISH_RUNS = Number(process.env.BENCH_PUBLISH_RUNS ?? 3);
const PUBLISH_LOAD_CONNECTIONS = 64;

/**
 * Publish → live through nginx: from the CLI's start (`publish blog --activate`, following its job)
 * until `/remotes.json` names the new version, on a quiet site and with 64 connections reading
 * pages meanwhile; p50 of PUBLISH_RUNS each.
 */
async function benchPublishToLive(site: Arrangement, options: { buildsDir: string; workDir: string; key: string }) {
  const publishOnce = async (round: string) => {
    const dist = nextBlogBuild(options.buildsDir, path.join(options.workDir, 'blog-next'), `bench ${round}`);
    const started = performance.now();
    const { version } = await publishBlogThroughNginx(site, options.key, dist);
    while ((await liveBlogVersion(site)) !== version) await new Promise((resolve) => setTimeout(resolve, 50));
    return performance.now() - started;
  };
  const quiet: number[] = [];
  for (let round = 0; round < PUBLISH_RUNS; round++) quiet.push(await publishOnce(`quiet ${round}`));
  const loaded: number[] = [];
  const load = readPagesUntilStopped(site.siteUrl, PUBLISH_LOAD_CONNECTIONS);
  try {
    for (let round = 0; round < PUBLISH_RUNS; round++) loaded.push(await publishOnce(`loaded ${round}`));
  } finally {
    load.stop();
  }
  const pages = await load.result;
  const seconds = (runs: number[]) =>
    `p50 ${(median(runs) / 1000).toFixed(1)} s  (${runs.map((ms) => (ms / 1000).toFixed(1)).join(', ')})`;
  return [
    `publish → live, blog (${PUBLISH_RUNS} runs), quiet:                   ${seconds(quiet)}`,
    `publish → live, blog, ${PUBLISH_LOAD_CONNECTIONS} connections reading pages: ${seconds(loaded)}  — the pages meanwhile: ${Math.round(pages.requests.average)} req/s, p50 ${pages.latency.p50} ms, non-2xx ${pages.non2xx}, errors ${pages.errors}`,
  ];
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
      appServers: APP_SERVERS,
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
    log(`  cached page /               ${servers(APP_SERVERS)}: ${await load(`${site.siteUrl}/`)}`);
    log(`  a flood of /: ${await overload(site.siteUrl)}`);
    const key = await blogDeployKey(site);
    for (const line of await benchPublishToLive(site, { buildsDir, workDir, key })) log(`  ${line}`);
    log(`  hashed asset (nginx, br)    ${servers(APP_SERVERS)}: ${await load(`${site.siteUrl}${asset}`)}`);
    for (let left = APP_SERVERS - 1; left >= 1; left--) {
      await site.stopAppServer(left);
      log(`  cached page /               ${servers(left)}: ${await load(`${site.siteUrl}/`)}`);
    }
    const secret = { [SITE_READ_HEADER]: site.siteReadSecret };
    log(`CMS catalogue view (${CONNECTIONS} connections, ${DURATION_S} s):`);
    log(`  PostgreSQL 15: ${await load(`${site.cmsUrl}${CATALOGUE_VIEW}`, secret)}`);
    if (options.sqliteCmsUrl) log(`  SQLite:        ${await load(`${options.sqliteCmsUrl}${CATALOGUE_VIEW}`, secret)}`);
    await site.stop();
    site = null;
    // Uncached: the page cache off, every request a server render (CMS reads included).
    site = await start({ SSR_CACHE_ENTRIES: '0' });
    for (let left = APP_SERVERS; left >= 1; left--) {
      if (left < APP_SERVERS) await site.stopAppServer(left);
      log(`  uncached product page       ${servers(left)}: ${await load(`${site.siteUrl}${product}`)}`);
    }
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
    // PORT and CMS_PORT as `npm run start:production` takes them.
    await benchTopology({
      buildsDir,
      port: Number(process.env.PORT ?? 8690),
      cmsPort: Number(process.env.CMS_PORT ?? 1740),
      log: (line) => console.log(`  ${line}`),
    });
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
