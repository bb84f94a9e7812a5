/**
 * What federation costs this site, for `npm run bench` (printed, never asserted): the federated
 * build beside the monolith (scripts/monolith/: the same source, the remotes in the shell's own
 * bundle), each served by the same app server with server rendering, in one run — with all four
 * remotes live: the inquiry team's app joins the federated site through the deploy API (its gate
 * included) for this section and leaves after it, and the monolith bundles it too:
 * - per key route, the JS and CSS a cold visit runs before the page is interactive (gzip and
 *   brotli of each file, as the server sends them; link prefetch off);
 * - the journey / → sub-category → product → /blog → article → /panel/order (signed in): the JS and
 *   CSS it runs, its median time in Chromium at full speed and at 4× CPU slowdown with where that
 *   time goes (the HTML, the shell's start-up, each remote's entry, federation manifest, code and
 *   hydration, each slot contributor's `./slots` module: the shell's user-timing marks), and how
 *   many copies of the big libraries it downloads;
 * - Lighthouse mobile per key route, a price table and the inquiry (median of N) with its benchmark
 *   index and the main-thread time per app at start-up (Lighthouse's bootup-time, by the app whose
 *   folder served the script); for the federated build again with one core kept busy by another process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { benchLighthouse } from './bench-ssr';
import { median } from './lib/median';
import { networkQuiet } from './lib/network-quiet';
import { publishAndActivate } from './lib/publish';
import { appFolder } from './lib/paths';
import { addKey, type KeyPlace } from '@steel/server/deploy-keys';
import { remote as deployApi } from '@steel/server/deploy-client';
import { CONTRIBUTION_MOUNTED_ATTRIBUTE } from '@steel/shared/slots';
import { waitForUrl, type RunningProcess } from './lib/processes';
import { buildMonolith } from './monolith/build-monolith';
import { monolithDist } from './monolith/create-monolith-config';

const DEMO = { identifier: 'demo@example.com', password: 'Demo1234!' };

/** Source files (or `package/` prefixes) that identify a library in a script's source map. */
const LIBRARIES: Record<string, string> = {
  react: 'react/cjs/react.production.js',
  'react-dom': 'react-dom/cjs/react-dom-client.production.js',
  'react-router': 'react-router/',
  'TanStack Query': '@tanstack/query-core/',
  zod: 'zod/',
  'federation runtime': '@module-federation/runtime-core/',
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Build {
  label: 'federated' | 'monolith';
  base: string;
}

/** The JS and CSS files a page ran (not link-prefetched only), with their bodies. */
function recordCode(page: Page): Map<string, Buffer> {
  const bodies = new Map<string, Buffer>();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if ((type === 'script' || type === 'stylesheet') && response.ok())
      bodies.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
  });
  return bodies;
}

const compressed = (bodies: Iterable<Buffer>) => {
  let gzip = 0;
  let brotli = 0;
  for (const body of bodies) {
    gzip += zlib.gzipSync(body, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(body).length;
  }
  return { gzip, brotli };
};

/**
 * Where a journey's bytes come from (gzip): per app folder, and within it the remote entries and
 * the stylesheets, so the federated figure can be read against the monolith's line by line.
 */
function journeyByApp(files: Array<[string, Buffer]>): string {
  const parts = new Map<string, number>();
  const add = (key: string, bytes: number) => parts.set(key, (parts.get(key) ?? 0) + bytes);
  for (const [url, body] of files) {
    const app = /\/builds\/([a-z][a-z0-9-]*)\//.exec(new URL(url).pathname)?.[1] ?? 'other';
    const bytes = zlib.gzipSync(body, { level: 9 }).length;
    add(app, bytes);
    if (url.endsWith('/remoteEntry.js')) add('remote entries', bytes);
    if (!url.endsWith('.js')) add('CSS', bytes);
  }
  return [...parts].map(([key, bytes]) => `${key} ${kb(bytes)}`).join(', ');
}

/** Save-Data on: the idle-time prefetch of visible links stays off (mf-shared prefetch-rules). */
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });`;

/** Waits until the page is interactive: its app's heading is there and the network has gone quiet. */
async function settled(page: Page, heading: string) {
  await page.locator(heading).first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function signedInContext(
  browser: Browser,
  build: Build,
  cmsUrl: string,
  cpuSlowdown = 1,
  { saveData = false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  if (saveData) await context.addInitScript(SAVE_DATA);
  const response = await fetch(`${cmsUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const { jwt } = (await response.json()) as { jwt: string };
  await context.addCookies([{ name: 'user_token', value: jwt, url: build.base }]);
  const page = await context.newPage();
  if (cpuSlowdown > 1)
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return { context, page };
}

/** The journey's steps: the link clicked (the first opens `/`) and what shows its page is there. */
const JOURNEY: Array<{ click?: string; url?: RegExp; shown: string }> = [
  { shown: '#app-catalogue h1' },
  { click: 'header nav a[href="/rebar"]', shown: '#app-catalogue a[href="/rebar/kalaf"]' },
  { click: '#app-catalogue a[href="/rebar/kalaf"]', shown: '#app-catalogue a[href^="/rebar/kalaf/"]' },
  { click: '#app-catalogue a[href^="/rebar/kalaf/"]', url: /\/rebar\/kalaf\/[^/]+$/, shown: '#app-catalogue h1' },
  { click: 'footer a[href="/blog"]', shown: '#app-blog article h2 a' },
  { click: '#app-blog article h2 a', shown: '#app-blog article h1' },
  { click: 'header a[href="/panel"]', shown: 'a[href="/panel/order"]' },
  { click: 'a[href="/panel/order"]', url: /\/panel\/order$/, shown: '#app-panel h1' },
];

/**
 * The journey, by clicks as a visitor makes them; resolves with its duration in ms. With
 * `wholePages`, each page is left only once its network has been quiet for half a second — what a
 * visitor who looks at it downloads (the product page's price chart, on screen, loads after the
 * page is shown). Without it, the next click comes as soon as the page is there, as the timed runs
 * have always measured: `networkidle` returns at once after a client navigation.
 */
async function walkJourney(page: Page, base: string, { wholePages = false } = {}): Promise<number> {
  const started = Date.now();
  for (const step of JOURNEY) {
    const quiet = wholePages ? networkQuiet(page, 500, { noneStartedMs: 1_000 }) : undefined;
    if (step.click) await page.locator(step.click).first().click();
    else await page.goto(`${base}/`);
    if (step.url) await page.waitForURL(step.url);
    await settled(page, step.shown);
    await quiet;
  }
  return Date.now() - started;
}

/** A journey's start-up steps, in ms, from the shell's user-timing marks and the resource timings. */
interface StartUpSteps {
  /** The first page's HTML received, and the shell's modules run after it. */
  html: number;
  shellStartUp: number | null;
  /** Per remote, in the order loaded: its entry and federation manifest fetched, code run, mounted. */
  apps: Array<{ app: string; entry: number | null; manifest: number | null; code: number; mount: number | null }>;
  /** Per contributor to the pages' slots (the inquiry's basket buttons), its `./slots` module loaded. */
  slots: Array<{ app: string; entry: number | null; manifest: number | null; code: number }>;
}

async function startUpSteps(page: Page): Promise<StartUpSteps> {
  // Read in the page as plain data, worked out here: a function defined inside the page's callback
  // would carry tsx's name helper, which the page does not have.
  const timings = await page.evaluate(() => ({
    html: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
    marks: performance
      .getEntriesByType('mark')
      .filter((mark) => mark.name.startsWith('steel:'))
      .map((mark) => [mark.name.slice('steel:'.length), mark.startTime] as [string, number]),
    resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((resource) => ({
      url: resource.name,
      ms: resource.responseEnd - resource.startTime,
    })),
  }));
  const marks = new Map(timings.marks);
  const fetched = (app: string, file: string) =>
    timings.resources.find(({ url }) => url.includes(`/builds/${app}/`) && url.includes(file))?.ms ?? null;
  const shellStart = marks.get('shell-start');
  const apps = [...marks.keys()]
    .filter((name) => name.endsWith(':load'))
    .map((name) => name.slice(0, -':load'.length))
    .filter((app) => marks.has(`${app}:loaded`))
    .map((app) => {
      const loaded = marks.get(`${app}:loaded`)!;
      const mounted = marks.get(`${app}:mounted`);
      return {
        app,
        entry: fetched(app, 'remoteEntry'),
        manifest: fetched(app, 'mf-manifest'),
        code: loaded - marks.get(`${app}:load`)!,
        mount: mounted === undefined ? null : mounted - loaded,
      };
    });
  const slots = [...marks.keys()]
    .filter((name) => name.endsWith(':slots-load') && marks.has(`${name}ed`))
    .map((name) => {
      const app = name.slice(0, -':slots-load'.length);
      return {
        app,
        entry: fetched(app, 'remoteEntry'),
        manifest: fetched(app, 'mf-manifest'),
        code: marks.get(`${name}ed`)! - marks.get(name)!,
      };
    });
  return {
    html: timings.html,
    shellStartUp: shellStart === undefined ? null : shellStart - timings.html,
    apps,
    slots,
  };
}

/** Each step's median over the runs, in one line. */
function describeSteps(runs: StartUpSteps[]): string {
  const ms = (values: Array<number | null | undefined>) => {
    const known = values.filter((value): value is number => typeof value === 'number');
    return known.length ? `${median(known).toFixed(0)} ms` : '—';
  };
  const apps = [...new Set(runs.flatMap((run) => run.apps.map(({ app }) => app)))];
  const ofApp = (app: string) => runs.map((run) => run.apps.find((entry) => entry.app === app));
  const contributors = [...new Set(runs.flatMap((run) => run.slots.map(({ app }) => app)))];
  const ofContributor = (app: string) => runs.map((run) => run.slots.find((entry) => entry.app === app));
  return [
    `HTML ${ms(runs.map((run) => run.html))}`,
    `shell start-up ${ms(runs.map((run) => run.shellStartUp))}`,
    ...apps.map(
      (app) =>
        `${app}: remote entry ${ms(ofApp(app).map((step) => step?.entry))}, federation manifest ${ms(ofApp(app).map((step) => step?.manifest))}, code loaded and run ${ms(ofApp(app).map((step) => step?.code))}, hydration or first render ${ms(ofApp(app).map((step) => step?.mount))}`,
    ),
    ...contributors.map(
      (app) =>
        `${app}'s slots: remote entry ${ms(ofContributor(app).map((step) => step?.entry))}, federation manifest ${ms(ofContributor(app).map((step) => step?.manifest))}, ./slots loaded and run ${ms(ofContributor(app).map((step) => step?.code))}`,
    ),
  ].join('; ');
}

/**
 * How many copies of each library the downloaded scripts carry (from their source maps): the most
 * scripts any one of its source files is in. A library split over several chunks of one build is
 * one copy; the same file in two apps' bundles is two.
 */
async function libraryCopies(urls: string[]): Promise<Record<string, number>> {
  const sources: string[][] = [];
  // One at a time: a burst of large source maps is more than the app server's asset limits allow.
  for (const url of urls.filter((file) => file.endsWith('.js'))) {
    const response = await fetch(`${url}.map`);
    const map = response.ok ? ((await response.json()) as { sources: string[] }) : { sources: [] };
    sources.push(
      map.sources.map((source) => source.slice(source.lastIndexOf('node_modules/') + 'node_modules/'.length)),
    );
  }
  const scriptsWith = new Map<string, number>();
  for (const list of sources)
    for (const source of new Set(list)) scriptsWith.set(source, (scriptsWith.get(source) ?? 0) + 1);
  return Object.fromEntries(
    Object.entries(LIBRARIES).map(([name, file]) => [
      name,
      Math.max(0, ...[...scriptsWith].filter(([source]) => source.startsWith(file)).map(([, count]) => count)),
    ]),
  );
}

async function routeCode(browser: Browser, build: Build, route: string, heading: string) {
  const context = await browser.newContext();
  // What the page needs, not what it guesses next: with Save-Data the idle-time prefetch of visible
  // links stays off (mf-shared prefetch-rules), which otherwise lands before the network goes
  // quiet in some runs and not in others (an article: 181 or 241 KB).
  await context.addInitScript(SAVE_DATA);
  const page = await context.newPage();
  const bodies = recordCode(page);
  await page.goto(`${build.base}${route}`);
  await settled(page, heading);
  const files = [...bodies];
  await context.close();
  const js = compressed(files.filter(([url]) => url.endsWith('.js')).map(([, body]) => body));
  const css = compressed(files.filter(([url]) => !url.endsWith('.js')).map(([, body]) => body));
  return { js, css, scripts: files.filter(([url]) => url.endsWith('.js')).length };
}

/**
 * Runs `work` with the inquiry team's app live on the site, as the team puts it there: registered
 * by the platform, its build (made by the bench, in mf-inquiry/dist) published and activated with
 * its own key, through the gate. The app is removed afterwards, so the sections after this one see
 * the site as it was.
 */
async function withInquiryLive(base: string, keys: KeyPlace, log: (line: string) => void, work: () => Promise<void>) {
  const name = 'inquiry';
  const platform = { server: base, key: await addKey(keys, 'platform', 'bench-federation-platform') };
  const started = Date.now();
  await deployApi.apps.add(platform, { name, paths: [`/${name}/**`], owner: 'bench-inquiry-team' });
  try {
    const team = { server: base, key: await addKey(keys, name, 'bench-federation-inquiry-team') };
    const { version } = await deployApi.publish(team, name, path.join(appFolder(name), 'dist'));
    await deployApi.activate(team, name, version);
    log(`the inquiry app live (published, gated, activated) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await work();
  } finally {
    await deployApi.apps.remove(platform, name, 'bench: federation cost measured').catch(() => undefined);
  }
}

/**
 * A cold, server-rendered listing at 4× CPU: when its first row's basket button (the inquiry's
 * contribution, inert until its code has run) becomes usable, by an in-page clock from navigation
 * start; median of `runs`.
 */
async function contributionUsable(browser: Browser, base: string, route: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    await context.addInitScript((attribute: string) => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector(`[${attribute}]`)) return;
        Object.assign(window, { contributionUsableAt: performance.now() });
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: [attribute] });
    }, CONTRIBUTION_MOUNTED_ATTRIBUTE);
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}${route}`);
    await page.locator(`[${CONTRIBUTION_MOUNTED_ATTRIBUTE}]`).first().waitFor();
    times.push(await page.evaluate(() => (window as unknown as { contributionUsableAt: number }).contributionUsableAt));
    await context.close();
  }
  return times;
}

export async function benchFederationCost(options: {
  browser: Browser;
  buildsDir: string;
  /** Where the site's deploy keys are kept, for the inquiry app's deploy. */
  keys: KeyPlace;
  federatedBase: string;
  cmsUrl: string;
  /** Starts an app server on `port` serving `buildsDir`, with the bench's settings and `extra`. */
  startServer: (port: number, buildsDir: string, extra: Record<string, string>) => RunningProcess;
  monolithPort: number;
  runs: number;
  lighthouseRuns: number;
  log: (line: string) => void;
}): Promise<void> {
  await withInquiryLive(options.federatedBase, options.keys, options.log, () => compareWithMonolith(options));
}

async function compareWithMonolith(options: Parameters<typeof benchFederationCost>[0]): Promise<void> {
  const { browser, log } = options;
  const started = Date.now();
  await buildMonolith();
  log(`monolith built in ${((Date.now() - started) / 1000).toFixed(1)} s (npm run build:monolith)`);
  const monolithBuilds = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-bench-monolith-'));
  fs.cpSync(options.buildsDir, monolithBuilds, {
    recursive: true,
    filter: (source) => !path.basename(source).startsWith('.'),
  });
  await publishAndActivate(monolithBuilds, 'shell', monolithDist);
  const server = options.startServer(options.monolithPort, monolithBuilds, { REMOTE_PRELOAD_HINTS: 'off' });
  const builds: Build[] = [
    { label: 'federated', base: options.federatedBase },
    { label: 'monolith', base: `http://127.0.0.1:${options.monolithPort}` },
  ];
  try {
    await waitForUrl(`${builds[1]!.base}/api/health`, 30_000);
    // An article of the seeded blog, as the journey reaches it.
    const probe = await browser.newPage();
    await probe.goto(`${options.federatedBase}/blog`);
    const article = (await probe.locator('#app-blog article h2 a').first().getAttribute('href'))!;
    await probe.close();
    const routes: Array<[string, string]> = [
      ['/', '#app-catalogue h1'],
      ['/rebar/kalaf', '#app-catalogue h1'],
      ['/rebar/kalaf/rebar-kalaf-1', '#app-catalogue h1'],
      ['/blog', '#app-blog h1'],
      [article, '#app-blog article h1'],
      ['/login', '#app-panel h1'],
    ];

    log('');
    log(
      'JS and CSS a cold visit runs before it is interactive (gzip level 9 / brotli 11 of each file; Save-Data on, so no link prefetch):',
    );
    for (const [route, heading] of routes) {
      const cells: string[] = [];
      for (const build of builds) {
        const code = await routeCode(browser, build, route, heading);
        cells.push(
          `${build.label} JS ${kb(code.js.gzip).padStart(8)} gz ${kb(code.js.brotli).padStart(8)} br (${code.scripts} files), CSS ${kb(code.css.gzip)} gz`,
        );
      }
      log(`  ${route.padEnd(30)} ${cells.join(' | ')}`);
    }

    log('');
    log(
      `Journey / → /rebar/kalaf → a product → /blog → an article → /panel/order, signed in (median of ${options.runs}):`,
    );
    const journeyBytes: Record<string, number> = {};
    const journeyTimes: Record<string, number> = {};
    for (const build of builds) {
      // What the visited pages need, whole: no guess at the next page (an idle-time prefetch lands
      // in some runs and not in others), and no page left before its code has come.
      const { context, page } = await signedInContext(browser, build, options.cmsUrl, 1, { saveData: true });
      const bodies = recordCode(page);
      await walkJourney(page, build.base, { wholePages: true });
      const files = [...bodies];
      await context.close();
      const js = compressed(files.filter(([url]) => url.endsWith('.js')).map(([, body]) => body));
      const css = compressed(files.filter(([url]) => !url.endsWith('.js')).map(([, body]) => body));
      journeyBytes[build.label] = js.gzip + css.gzip;
      log(`  ${build.label.padEnd(9)} by app (gzip): ${journeyByApp(files)}`);
      const copies = await libraryCopies(files.map(([url]) => url));
      log(
        `  ${build.label.padEnd(9)} JS ${kb(js.gzip)} gz / ${kb(js.brotli)} br in ${files.filter(([url]) => url.endsWith('.js')).length} files, CSS ${kb(css.gzip)} gz; copies: ${Object.entries(
          copies,
        )
          .map(([name, count]) => `${name} ${count}`)
          .join(', ')}`,
      );
    }
    for (const slowdown of [1, 4]) {
      for (const build of builds) {
        const times: number[] = [];
        const steps: StartUpSteps[] = [];
        for (let run = 0; run < options.runs; run += 1) {
          const { context, page } = await signedInContext(browser, build, options.cmsUrl, slowdown);
          await context.addInitScript(() => performance.setResourceTimingBufferSize(5_000));
          times.push(await walkJourney(page, build.base));
          steps.push(await startUpSteps(page));
          await context.close();
        }
        journeyTimes[`${build.label}@${slowdown}`] = median(times);
        log(
          `  ${build.label.padEnd(9)} CPU ${slowdown}×  median ${median(times).toFixed(0)} ms  (${times.join(', ')})`,
        );
        log(`  ${''.padEnd(9)} where it goes (medians): ${describeSteps(steps)}`);
      }
    }
    log(
      `  federated ÷ monolith: bytes ${(journeyBytes['federated']! / journeyBytes['monolith']!).toFixed(2)}×, time ${(journeyTimes['federated@1']! / journeyTimes['monolith@1']!).toFixed(2)}× (4× CPU: ${(journeyTimes['federated@4']! / journeyTimes['monolith@4']!).toFixed(2)}×)`,
    );
    log('');
    log(
      `A cold /rebar/kalaf at 4× CPU: its first row's basket button (server-rendered, inert until the inquiry's code has run) usable at, median of ${options.runs}:`,
    );
    for (const build of builds) {
      const times = await contributionUsable(browser, build.base, '/rebar/kalaf', options.runs);
      log(
        `  ${build.label.padEnd(9)} ${median(times).toFixed(0)} ms  (${times.map((time) => time.toFixed(0)).join(', ')})`,
      );
    }

    // The eight key routes (the accessibility spec's), a price table, and the inquiry's basket.
    const lighthouseRoutes = [
      ...routes.map(([route]) => route),
      '/landing/bourse',
      '/weight_table',
      '/rebar/kalaf?view=prices',
      '/inquiry',
    ];
    const lighthouseOf = async (build: Build, condition: string) => {
      log('');
      log(
        `Lighthouse 12, mobile preset, ${build.label}, ${condition} (Debian Chromium, loopback, median of ${options.lighthouseRuns}):`,
      );
      await benchLighthouse(build.base, lighthouseRoutes, options.lighthouseRuns, (line) => log(`  ${line}`));
    };
    for (const build of builds) await lighthouseOf(build, 'quiet machine');
    // A phone's score should not hang on what else the machine does: one core kept busy by another process.
    const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    try {
      await lighthouseOf(builds[0]!, 'one core kept busy by another process');
    } finally {
      busy.kill('SIGKILL');
    }
  } finally {
    await server.stop();
    fs.rmSync(monolithBuilds, { recursive: true, force: true });
  }
}
