/**
 * Server-rendering figures for `npm run bench` (printed, never asserted):
 * - Lighthouse (mobile preset, Debian's Chromium, median of N) per key route: performance, LCP, CLS,
 *   TBT, the benchmark index and the main-thread time per app at start-up;
 * - server render time per route, p50/p95 and throughput, rendered every time and from the page
 *   cache, under concurrent load from autocannon on loopback;
 * - the app server's memory before and after 50 catalogue deploys in a row (each one replaces the
 *   render workers).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { publish } from '@steel/server/publish';
import { activate } from '@steel/server/live-file-writes';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { median } from './lib/median';
import { mainThreadBlocking } from '@steel/server/main-thread-blocking';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/** The app a script URL belongs to (`/builds/<app>/…`), or `page` for the HTML and inline scripts. */
const appOfScript = (url: string) => /\/builds\/([a-z]+)\//.exec(url)?.[1] ?? 'page';

/**
 * Lighthouse 12 (13 declares Node 22): mobile preset, simulated throttling, performance only.
 * Beside the score: Lighthouse's benchmark index of this machine (its CPU speed, so figures from
 * different machines can be compared), the main-thread time at start-up per app (bootup-time), and
 * the blocking time after first paint from the renderer's CPU time beside the one from wall time
 * (deploy/server/src/release/gate/main-thread-blocking.ts: on this two-core machine the renderer waits for a core mid-task).
 */
export async function benchLighthouse(
  base: string,
  routes: readonly string[],
  runs: number,
  log: (line: string) => void,
) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    for (const route of routes) {
      const results: Array<{
        score: number;
        lcp: number;
        cls: number;
        tbt: number;
        benchmarkIndex: number;
        bootup: Record<string, number>;
        blockingCpu: number;
        blockingWall: number;
        cpuShare: number;
      }> = [];
      // A run Lighthouse could not finish (its runtimeError: no first paint, a protocol time-out) is
      // no score: it is named and tried again, up to twice per route.
      const failures: string[] = [];
      while (results.length < runs && failures.length <= 2) {
        const result = await lighthouse(`${base}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) {
          failures.push(lhr?.runtimeError?.code ?? 'no result');
          continue;
        }
        const bootup: Record<string, number> = {};
        const items =
          (lhr.audits['bootup-time']?.details as { items?: Array<{ url: string; total: number }> } | undefined)
            ?.items ?? [];
        for (const item of items) bootup[appOfScript(item.url)] = (bootup[appOfScript(item.url)] ?? 0) + item.total;
        const blocking = mainThreadBlocking(
          result.artifacts.Trace.traceEvents,
          lhr.configSettings.throttling.cpuSlowdownMultiplier,
        );
        results.push({
          blockingCpu: blocking?.fromCpuTime ?? NaN,
          blockingWall: blocking?.fromWallTime ?? NaN,
          cpuShare: blocking?.cpuShare ?? NaN,
          score: (lhr.categories['performance']?.score ?? 0) * 100,
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          benchmarkIndex: lhr.environment.benchmarkIndex,
          bootup,
        });
      }
      const pick = (read: (result: (typeof results)[number]) => number) => median(results.map(read));
      const apps = [...new Set(results.flatMap((result) => Object.keys(result.bootup)))].sort();
      log(
        `${route.padEnd(34)} performance ${pick((r) => r.score)
          .toFixed(0)
          .padStart(3)}  LCP ${pick((r) => r.lcp)
          .toFixed(0)
          .padStart(5)} ms  CLS ${pick((r) => r.cls).toFixed(3)}  TBT ${pick((r) => r.tbt)
          .toFixed(0)
          .padStart(
            4,
          )} ms  (scores ${results.map((result) => result.score.toFixed(0)).join(', ')}; benchmark index ${pick((r) => r.benchmarkIndex).toFixed(0)}${failures.length ? `; runs Lighthouse could not finish: ${failures.join(', ')}` : ''})`,
      );
      log(
        `${''.padEnd(34)} main thread at start-up: ${apps.map((app) => `${app} ${pick((r) => r.bootup[app] ?? 0).toFixed(0)} ms`).join(', ')}`,
      );
      log(
        `${''.padEnd(34)} blocking after first paint at its CPU slowdown: from the renderer's CPU time ${pick((r) => r.blockingCpu).toFixed(0)} ms, from wall time ${pick((r) => r.blockingWall).toFixed(0)} ms (the renderer had a core ${(pick((r) => r.cpuShare) * 100).toFixed(0)} % of its tasks' time)`,
      );
    }
  } finally {
    chrome.kill();
  }
}

/**
 * Render latency per route with `connections` concurrent clients: from the page cache (`base`), and
 * rendered every time (`uncachedBase`, a server with SSR_CACHE_ENTRIES=0 — a query string no longer
 * bypasses the cache: unknown parameters are redirected to the canonical URL).
 */
export async function benchRenderLatency(
  base: string,
  uncachedBase: string,
  routes: readonly string[],
  log: (line: string) => void,
  seconds = 5,
  connections = 8,
) {
  for (const route of routes) {
    for (const uncached of [true, false]) {
      const result = await autocannon({
        url: `${uncached ? uncachedBase : base}${route}`,
        connections,
        duration: seconds,
      });
      const label = uncached ? 'uncached' : 'cached';
      log(
        `${route.padEnd(34)} ${label.padEnd(8)} p50 ${String(result.latency.p50).padStart(4)} ms  p95 ${String(result.latency.p97_5 ?? result.latency.p99).padStart(4)} ms (p97.5)  ${result.requests.average.toFixed(0).padStart(5)} req/s  non-2xx ${result.non2xx}  errors ${result.errors}`,
      );
    }
  }
}

/** RSS of a process and its children (tsx runs the server as a child), from /proc, in MB. */
export function rssMb(pid: number): number {
  const pids = [
    pid,
    ...fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((child) => parentOf(child) === pid),
  ];
  let kb = 0;
  for (const one of pids) {
    let status = '';
    try {
      status = fs.readFileSync(`/proc/${one}/status`, 'utf8');
    } catch {
      // The child exited between the listing and the read.
    }
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return kb / 1024;
}

function parentOf(pid: number): number | null {
  try {
    return Number(/PPid:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  } catch {
    return null;
  }
}

/** 50 catalogue deploys in a row, each followed by renders on the new version; RSS before and after. */
export async function benchDeployMemory(
  base: string,
  buildsDir: string,
  serverPid: number,
  log: (line: string) => void,
  deploys = 50,
) {
  const render = async () => {
    for (const route of ['/', '/rebar/kalaf', '/rules'])
      await (await fetch(`${base}${route}?deploy-bench=${Date.now()}`)).text();
  };
  await render();
  const before = rssMb(serverPid);
  const live = JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as { catalogue: string };
  const source = path.join(buildsDir, 'catalogue', live.catalogue);
  const workDir = fs.mkdtempSync(path.join(buildsDir, '..', 'deploy-bench-'));
  const samples: number[] = [];
  try {
    for (let deploy = 1; deploy <= deploys; deploy += 1) {
      const dist = path.join(workDir, String(deploy));
      fs.cpSync(source, dist, { recursive: true });
      // A different build (its own content hash, so its own version folder).
      fs.appendFileSync(path.join(dist, 'server', 'index.js'), `\n// deploy ${deploy}\n`);
      const { version } = await publish(buildsDir, 'catalogue', dist);
      await activate(buildsDir, 'catalogue', version);
      fs.rmSync(dist, { recursive: true, force: true });
      await render();
      if (deploy % 10 === 0) samples.push(rssMb(serverPid));
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  log(
    `RSS after first renders ${before.toFixed(0)} MB; after every 10 of ${deploys} deploys: ${samples.map((mb) => mb.toFixed(0)).join(', ')} MB`,
  );
}
