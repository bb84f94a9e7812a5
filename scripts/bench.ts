/**
 * `npm run bench`: prints (never asserts) the figures the issues ask for —
 * build time and bundle size per app, gzip bytes of the JS a cold `/` loads, the median click-to-content time
 * when entering a not-yet-loaded remote
 * (the footer link is prefetched when visible, as in real use; the panel link too), first render
 * with and without analytics consent, the HTML and JS bytes of a product page's first load
 * (scripts/bench-product-page.ts), and the CMS's latency and throughput. BENCH_RUNS sets N (default 7).
 * What federation costs (scripts/bench-federation-cost.ts): the federated build beside the monolith —
 * JS/CSS before interactive per key route, the signed-in journey's bytes, time (1× and 4× CPU) and
 * library copies, Lighthouse mobile per key route (median of BENCH_LIGHTHOUSE_RUNS, default 3).
 * Server rendering (scripts/bench-ssr.ts, against a seeded CMS): render p50/p95 cached and uncached under load,
 * and the app server's memory over 50 deploys. Gradual release (scripts/bench-release.ts): activation →
 * open tab aware, p50/p95, and detection → automatic canary abort. Production arrangement
 * (scripts/bench-topology.ts): through nginx, three app servers, then two and one, the CMS on PostgreSQL vs SQLite,
 * a flood of 256 connections (answered, shed, timed out), publish → live with and without load. The
 * Redis breaker's openings over a minute of busy CPU with a healthy Redis (scripts/bench-redis-breaker.ts).
 * Extension slots (scripts/bench-slots.ts): what the inquiry app's contributions add to a product page.
 */
import type { StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { buildAndPublish } from './build';
import { chromiumLaunchOptions, ensureChromium } from './lib/chromium';
import { median } from './lib/median';
import { networkQuiet } from './lib/network-quiet';
import { APPS, appFolder, repoRoot } from './lib/paths';
import { buildApp } from './lib/webpack-build';
import { runCommand, shareServerSettings, startProcess, waitForUrl } from './lib/processes';
import { benchFirstRenderConsent } from './bench-consent';
import { benchProductPage } from './bench-product-page';
import { benchDeployMemory, benchRenderLatency } from './bench-ssr';
import { benchFederationCost } from './bench-federation-cost';
import { benchDeployGate, benchDeployThroughApi } from './bench-deploy-gate';
import { benchScaffold } from './bench-scaffold';
import { printPageWeights } from './bench-weights';
import { benchAutomaticAbort, benchOpenTabsAware } from './bench-release';
import { addKey } from '@steel/server/deploy-keys';
import { benchHostileLoad } from './bench-hostile';
import { benchRegistrySize } from './bench-registry-size';
import { benchTopology } from './bench-topology';
import { benchRedisBreaker } from './bench-redis-breaker';
import { benchActivationUnderLoad, benchCanaryRenders } from './bench-releasing';
import { benchDependencies } from './bench-dependencies';
import { benchSlots } from './bench-slots';
import { benchMachines } from './bench-machines';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStrapi } = require('../deploy/cms/scripts/lib/strapi-process') as {
  startStrapi: (options: {
    env?: Record<string, string>;
    label?: string;
  }) => Promise<{ url: string; pid: number; stop: () => Promise<void> }>;
};

const SSR_ROUTES = ['/', '/rebar/kalaf', '/rebar/kalaf/rebar-kalaf-1', '/blog', '/rules'];

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** BENCH_SECTION runs some sections after the builds (comma-separated): first-load, federation, deploy, slots, server, hostile, breaker, topology, machines, cms. */
const SECTIONS = process.env.BENCH_SECTION?.split(',').map((section) => section.trim());
const runs = (section: string) => !SECTIONS || SECTIONS.includes(section);
const PORT = Number(process.env.BENCH_PORT ?? 8191);
const base = `http://127.0.0.1:${PORT}`;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length;

function bundleSizes() {
  console.log('\nBundle size per app (all JS + CSS emitted, source maps excluded):');
  for (const app of APPS) {
    const dist = path.join(appFolder(app), 'dist');
    const files = fs.readdirSync(dist).filter((file) => /\.(js|css)$/.test(file));
    const buffers = files.map((file) => fs.readFileSync(path.join(dist, file)));
    const raw = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
    const gz = buffers.reduce((sum, buffer) => sum + gzipSize(buffer), 0);
    console.log(`  ${app.padEnd(10)} ${kb(raw).padStart(10)} raw  ${kb(gz).padStart(9)} gzip  (${files.length} files)`);
  }
}

async function coldHomePage(browser: Browser) {
  const context = await browser.newContext();
  // In-page clock: when the catalogue's heading first exists (Playwright would see it later).
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('#app-catalogue h1')) return;
      Object.assign(window, { contentShownAt: performance.now() });
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const bodies = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && response.ok())
      bodies.set(response.url(), await response.body());
  });
  await page.goto(`${base}/`);
  await page.locator('#app-catalogue h1').waitFor();
  // Then idle time: link prefetch of the remotes whose links are visible (docs/behaviour.md, "Link prefetch").
  await page.waitForLoadState('networkidle');
  const { contentShownAt, starts } = await page.evaluate(() => ({
    contentShownAt: (window as unknown as { contentShownAt: number }).contentShownAt,
    starts: performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime] as const),
  }));
  const startedAt = new Map(starts);
  const report = (label: string, urls: string[]) => {
    const byApp = new Map<string, number>();
    for (const url of urls) {
      const app = new URL(url).pathname.split('/')[2] ?? 'other';
      byApp.set(app, (byApp.get(app) ?? 0) + gzipSize(bodies.get(url)!));
    }
    const total = [...byApp.values()].reduce((sum, bytes) => sum + bytes, 0);
    console.log(
      `  ${label}: ${urls.length} JS files, ${kb(total)} gzip (${[...byApp].map(([app, bytes]) => `${app} ${kb(bytes)}`).join(', ')})`,
    );
  };
  const urls = [...bodies.keys()];
  const beforeContent = urls.filter((url) => (startedAt.get(url) ?? 0) < contentShownAt);
  console.log(`\nCold "/" (gzip level 9 of each JS body; content shown at ${contentShownAt.toFixed(0)} ms):`);
  report('requested before the content was shown', beforeContent);
  report(
    'afterwards (idle-time prefetch of linked remotes, lazy code)',
    urls.filter((url) => !beforeContent.includes(url)),
  );
  await context.close();
}

/**
 * Click on a link into another remote, until its heading is in the DOM (in-page clock): with the
 * remote not loaded (`cold`), after the idle-time link prefetch (`prefetched`), or after the
 * pointer has rested on the link and its intent prefetch (code, page chunk, data) has finished.
 */
async function clickToContent(
  browser: Browser,
  linkSelector: string,
  headingSelector: string,
  mode: 'cold' | 'prefetched' | 'intent',
): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    // Save-data turns link prefetch off (docs/behaviour.md, "Link prefetch"): the remote's code is really not loaded yet.
    if (mode === 'cold')
      await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    const page = await context.newPage();
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.locator('#app-catalogue h1').waitFor();
    if (mode === 'intent') {
      const quiet = networkQuiet(page, 500);
      await page.locator(linkSelector).first().hover();
      await quiet;
    }
    const elapsed = await page.evaluate(
      ({ link, heading }) =>
        new Promise<number>((resolve) => {
          const started = performance.now();
          const observer = new MutationObserver(() => {
            if (document.querySelector(heading)) {
              observer.disconnect();
              resolve(performance.now() - started);
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
          (document.querySelector(link) as HTMLElement).click();
        }),
      { link: linkSelector, heading: headingSelector },
    );
    times.push(elapsed);
    await context.close();
  }
  return times;
}

async function main() {
  shareServerSettings();
  ensureChromium();
  const buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-bench-builds-'));
  console.log('Build time per app (production, fresh):');
  const timings = await buildAndPublish(APPS, buildsDir);
  // The inquiry team's app is not in the seeded live set: built here to be weighed beside it.
  timings['inquiry'] = await buildApp('inquiry');
  for (const [app, ms] of Object.entries(timings)) console.log(`  ${app.padEnd(10)} ${(ms / 1000).toFixed(1)} s`);
  bundleSizes();
  console.log("\nWhat a cold visit downloads of each app, per page kind, beside the gate's weight budget (brotli):");
  await printPageWeights(buildsDir, (line) => console.log(`  ${line}`), [path.join(appFolder('inquiry'), 'dist')]);

  // A seeded CMS: server-rendered pages carry its data (a fresh database, seeded at start).
  console.log('\nStarting a CMS on a fresh database for the server-rendered pages…');
  const cms = await startStrapi({
    label: 'bench-cms',
    env: {
      AUTH_RATE_LIMIT: 'off',
      REQUEST_LOG: 'off',
      CONTENT_CHANGE_URL: `${base}/_/content-changed`,
      // Pages read the CMS from the browser too (client navigation): it must allow the bench's origins.
      CORS_ORIGINS: [PORT, PORT + 1, PORT + 2, PORT + 3, PORT + 9, PORT + 10]
        .map((port) => `http://127.0.0.1:${port}`)
        .join(','),
    },
  });
  const appServer = (port: number, extra: Record<string, string> = {}, stdio: StdioOptions = 'ignore') =>
    startProcess('server', path.join(repoRoot, 'node_modules/.bin/tsx'), ['deploy/server/src/main.ts'], {
      cwd: repoRoot,
      stdio,
      // Source maps served: the bench reads which packages went into each script from them.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        BUILDS_DIR: buildsDir,
        LOG_LEVEL: 'warn',
        CMS_PUBLIC_URL: `${cms.url}/api`,
        SITE_URL: base,
        PUBLIC_SOURCE_MAPS: 'on',
        ...extra,
      },
    });
  // The blog team's deploy key, for publish → live through the deploy API.
  const keysFile = path.join(buildsDir, '..', `${path.basename(buildsDir)}-deploy-keys.json`);
  const blogKey = await addKey({ buildsDir, keysFile }, 'blog', 'bench-blog-team');
  // One load generator is one client: the per-client render bound would answer it 429. The gate of
  // an API deploy uses PORT + 2, a port the bench's CMS allows.
  const server = appServer(PORT, {
    RENDER_RATE_LIMIT_PER_MINUTE: 'off',
    DEPLOY_KEYS_FILE: keysFile,
    DEPLOY_GATE_PORT: String(PORT + 2),
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    await waitForUrl(`${base}/api/health`, 30_000);
    if (runs('first-load')) {
      await coldHomePage(browser);
      console.log('');
      await benchProductPage({ browser, base, log: (line) => console.log(line) });
      console.log(`\nClick to content, entering another remote (Chromium, loopback, N=${RUNS}):`);
      for (const mode of ['cold', 'prefetched'] as const) {
        const label = mode === 'prefetched' ? 'after link prefetch' : 'not loaded (prefetch off)';
        const blog = await clickToContent(browser, 'footer a[href="/blog"]', '#app-blog h1', mode);
        console.log(
          `  catalogue → blog   ${label.padEnd(26)} median ${median(blog).toFixed(0)} ms  (${blog.map((t) => t.toFixed(0)).join(', ')})`,
        );
        const panel = await clickToContent(browser, 'header a[href="/login"]', '#app-panel h1', mode);
        console.log(
          `  catalogue → panel  ${label.padEnd(26)} median ${median(panel).toFixed(0)} ms  (${panel.map((t) => t.toFixed(0)).join(', ')})`,
        );
      }
      const article = await clickToContent(
        browser,
        '#app-catalogue a[href^="/blog/"]',
        '#app-blog article h1',
        'intent',
      );
      console.log(
        `  catalogue → article ${'after intent (pointer rested)'.padEnd(25)} median ${median(article).toFixed(0)} ms  (${article.map((t) => t.toFixed(0)).join(', ')})`,
      );
      console.log(`\nFirst render of a cold "/" with analytics configured, consent pending vs granted (N=${RUNS}):`);
      await benchFirstRenderConsent({
        browser,
        buildsDir,
        port: PORT + 1,
        cmsUrl: `${cms.url}/api`,
        runs: RUNS,
        log: (line) => console.log(`  ${line}`),
      });
    }
    if (runs('federation')) {
      console.log('\nWhat federation costs: the federated build beside the monolith (same source, one bundle):');
      await benchFederationCost({
        browser,
        buildsDir,
        keys: { buildsDir, keysFile },
        federatedBase: base,
        cmsUrl: cms.url,
        startServer: (port, dir, extra) =>
          appServer(port, {
            BUILDS_DIR: dir,
            SITE_URL: `http://127.0.0.1:${port}`,
            RENDER_RATE_LIMIT_PER_MINUTE: 'off',
            ...extra,
          }),
        monolithPort: PORT + 3,
        runs: Math.min(RUNS, 5),
        lighthouseRuns: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
        log: (line) => console.log(`  ${line}`),
      });
    }
    if (runs('deploy')) {
      console.log('\nDeploy gate per app (every rule on the live version; smoke render and mount in Chromium):');
      await benchDeployGate({
        buildsDir,
        cmsUrl: `${cms.url}/api`,
        port: PORT + 2,
        log: (line) => console.log(`  ${line}`),
      });
      console.log('\nPublish → live through the deploy API (blog key, CLI remote mode):');
      await benchDeployThroughApi({ buildsDir, base, key: blogKey, log: (line) => console.log(`  ${line}`) });
      await benchScaffold({ base, keys: { buildsDir, keysFile }, log: (line) => console.log(`  ${line}`) });
      console.log('\nWhat a registered app adds to pages it does not own (the embedded registry):');
      await benchRegistrySize({ base, browser, log: (line) => console.log(`  ${line}`) });
      console.log('\nGradual release (the blog: the live version and the one just deployed):');
      await benchOpenTabsAware({ browser, base, buildsDir, log: (line) => console.log(`  ${line}`) });
      // The server runs with the default release health rules.
      await benchAutomaticAbort({
        base,
        buildsDir,
        minViews: Number(process.env.HEALTH_MIN_VIEWS ?? 20),
        log: (line) => console.log(`  ${line}`),
      });
    }
    if (runs('slots')) {
      console.log("\nExtension slots: the inquiry team's contributions on the catalogue's product page:");
      await benchSlots({
        browser,
        buildsDir,
        cms: cms.url,
        port: PORT + 9,
        baselinePort: PORT + 11,
        gatePort: PORT + 10,
        runs: Math.min(RUNS, 5),
        startServer: (port, env) => appServer(port, { SITE_URL: `http://127.0.0.1:${port}`, ...env }),
        log: (line) => console.log(`  ${line}`),
      });
    }
    if (runs('server')) {
      console.log('\nServer render of a page, 8 concurrent clients for 5 s each (autocannon, loopback):');
      const uncachedServer = appServer(PORT + 5, { RENDER_RATE_LIMIT_PER_MINUTE: 'off', SSR_CACHE_ENTRIES: '0' });
      try {
        await waitForUrl(`http://127.0.0.1:${PORT + 5}/api/health`, 30_000);
        await benchRenderLatency(base, `http://127.0.0.1:${PORT + 5}`, SSR_ROUTES, (line) => console.log(`  ${line}`));
      } finally {
        await uncachedServer.stop();
      }
      console.log(
        '\nWhile releasing: never-rendered product pages with and without a 50 % catalogue canary (sequential, loopback):',
      );
      const releasing = {
        buildsDir,
        port: PORT + 8,
        startServer: (port: number, env: Record<string, string>, stdio: StdioOptions) =>
          appServer(port, { SITE_URL: `http://127.0.0.1:${port}`, ...env }, stdio),
        log: (line: string) => console.log(`  ${line}`),
      };
      await benchCanaryRenders(releasing);
      await benchActivationUnderLoad(releasing);
      console.log('\nApp server memory over 50 catalogue deploys (render workers replaced on each):');
      if (server.child.pid)
        await benchDeployMemory(base, buildsDir, server.child.pid, (line) => console.log(`  ${line}`));
      await (await import('./bench-load')).benchLoad({ buildsDir, port: PORT }); // load held (p50/p95, req/s, errors)
      console.log('\nA page with Redis running, hung (SIGSTOP) and dead, and without Redis (autocannon, loopback):');
      await benchDependencies({
        port: PORT + 7,
        log: (line) => console.log(`  ${line}`),
        startServer: (port, env) =>
          appServer(port, { SITE_URL: `http://127.0.0.1:${port}`, RENDER_RATE_LIMIT_PER_MINUTE: 'off', ...env }),
      });
    }
    if (runs('hostile')) {
      // Last: the heavy-read flood spends this machine's address's CMS reads for a minute.
      console.log('\nHostile load (production defaults; the attack run replayed):');
      const imageCacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-bench-images-'));
      const defaultsServer = appServer(PORT + 6, { IMAGE_DISK_CACHE_DIR: imageCacheDir });
      try {
        await waitForUrl(`http://127.0.0.1:${PORT + 6}/api/health`, 30_000);
        await benchHostileLoad({
          base: `http://127.0.0.1:${PORT + 6}`,
          serverPid: defaultsServer.child.pid!,
          cms: cms.url,
          cmsPid: cms.pid,
          log: (line) => console.log(`  ${line}`),
        });
      } finally {
        await defaultsServer.stop();
        fs.rmSync(imageCacheDir, { recursive: true, force: true });
      }
    }
    if (runs('breaker')) {
      console.log('\nRedis breaker, CPU busy (a healthy Redis):');
      await benchRedisBreaker((line) => console.log(`  ${line}`));
    }
    if (runs('topology')) {
      console.log('\nProduction arrangement (nginx, two app servers, Redis, PostgreSQL):');
      await benchTopology({
        buildsDir,
        port: PORT + 40,
        cmsPort: PORT + 45,
        sqliteCmsUrl: cms.url,
        log: (line) => console.log(`  ${line}`),
      });
    }
  } finally {
    await browser.close();
    await server.stop();
    await cms.stop();
    fs.rmSync(buildsDir, { recursive: true, force: true });
    fs.rmSync(keysFile, { force: true });
  }

  if (runs('machines')) {
    console.log(
      '\nSeveral machines (3 app servers, each its own folder; PostgreSQL and an object store between them):',
    );
    await benchMachines((line) => console.log(`  ${line}`));
  }
  if (runs('cms')) {
    console.log('\nCMS (Strapi, SQLite, loopback):');
    await runCommand('npm', ['run', 'bench'], { cwd: path.join(repoRoot, 'deploy/cms') });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
