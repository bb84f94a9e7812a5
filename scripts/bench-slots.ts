/**
 * Bench figures for extension slots (docs/architecture.md, "Extension slots"): what the inquiry
 * team's contributions add to the catalogue's product page — the JS Chromium transferred and the
 * main thread's task time until the page is idle, the same page before and after the inquiry app
 * goes live beside it, and the same for the home page with an empty basket (where the header's
 * counter shows nothing, so nothing of the inquiry app should load), on a copy of the bench's builds (so the rest of the bench sees the three
 * seeded remotes only) — and the time from a press on «افزودن به استعلام», after the pointer
 * rested on it, to the header's counter showing the new count. Then a careless version of the
 * inquiry app whose product-page contribution does 2 s of synchronous work on the server, forced
 * live: the product page's uncached render p50 with it against none, on a second server without the
 * inquiry app asked in turn (the server stops rendering a contribution that blocked its host,
 * rendering/slot-overruns.ts). And the pro-forma's PDF for its
 * owner, alone and while a signed-out client floods the printer.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { addKey } from '@steel/server/deploy-keys';
import { remote as deployApi } from '@steel/server/deploy-client';
import { buildApp } from './lib/webpack-build';
import { buildAppReplacing } from '../e2e/support/crafted-builds';
import { median } from './lib/median';
import { repoRoot } from './lib/paths';
import { waitForUrl, type RunningProcess } from './lib/processes';
import { PRODUCT_PAGE_PATH } from './bench-product-page';

const INQUIRY = 'inquiry';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface PageCost {
  jsBytes: number;
  mainThreadMs: number;
}

/** One cold visit: the JS transferred and the main thread's task time until the network is idle. */
async function productPageCost(browser: Browser, url: string): Promise<PageCost> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Performance.enable');
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') sizes.push(request.sizes().then((size) => size.responseBodySize));
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const { metrics } = await session.send('Performance.getMetrics');
  const taskSeconds = metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
  const jsBytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  await context.close();
  return { jsBytes, mainThreadMs: taskSeconds * 1000 };
}

/** The server's own time for one uncached render of a page (its servers keep no page), ms; NaN without it. */
async function uncachedRender(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return Number(/render;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);
}

/** Uncached renders timed per version: enough for a median that one slow render does not move. */
const UNCACHED_RENDERS = 15;
/**
 * Untimed renders before them: an activation starts new render threads, whose code V8 compiles
 * as they render (the first renders of a fresh thread took twice as long), so both sides are
 * timed with threads that rendered the page as often.
 */
const WARM_RENDERS = 10;

/**
 * The uncached render of one page on two servers — the host alone, and the host with
 * contributions — asked of each in turn, so that the other work on the machine weighs on both
 * alike: timed one after the other, minutes apart, each figure carried the load of its own minute,
 * and the forced version's were taken on threads its activation had just started. Medians, ms.
 */
async function pairedRenderP50(alone: string, withContributions: string): Promise<[number, number]> {
  for (let run = 0; run < WARM_RENDERS; run += 1) {
    await uncachedRender(alone);
    await uncachedRender(withContributions);
  }
  const times: [number[], number[]] = [[], []];
  for (let run = 0; run < UNCACHED_RENDERS; run += 1) {
    times[0].push(await uncachedRender(alone));
    times[1].push(await uncachedRender(withContributions));
  }
  const p50 = (list: number[]) => median(list.filter((time) => !Number.isNaN(time)));
  return [p50(times[0]), p50(times[1])];
}

async function medianCost(browser: Browser, url: string, runs: number): Promise<PageCost> {
  const costs: PageCost[] = [];
  for (let run = 0; run < runs; run += 1) costs.push(await productPageCost(browser, url));
  return {
    jsBytes: median(costs.map((cost) => cost.jsBytes)),
    mainThreadMs: median(costs.map((cost) => cost.mainThreadMs)),
  };
}

/**
 * Press → counter: the click is timed in the page, the counter watched by a MutationObserver. The
 * press must add a line (a product not yet in the basket). NaN after 10 s: a bench never hangs.
 */
async function pressToCount(page: Page, button: string): Promise<number> {
  await page.locator(button).first().hover();
  // Pressable once its contribution hydrated (a server-rendered button is disabled until then).
  await page.locator(`${button}:enabled`).first().waitFor();
  return page.evaluate(
    (selector) =>
      new Promise<number>((resolve) => {
        setTimeout(() => resolve(Number.NaN), 10_000);
        const counter = document.querySelector('header [data-inquiry-count]');
        const before = counter?.getAttribute('data-inquiry-count');
        const started = performance.now();
        const observer = new MutationObserver(() => {
          const now = document.querySelector('header [data-inquiry-count]')?.getAttribute('data-inquiry-count');
          if (now !== before) {
            observer.disconnect();
            resolve(performance.now() - started);
          }
        });
        observer.observe(document.querySelector('header') ?? document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['data-inquiry-count'],
        });
        (document.querySelector(selector) as HTMLElement).click();
      }),
    button,
  );
}

/** The owner's prints per figure. */
const PRINTS = 5;

/** Prints of the owner's pro-forma, one after another: how many came back as PDFs, and their median time. */
async function ownerPrints(pdfUrl: string, token: string, count: number) {
  const times: number[] = [];
  let printed = 0;
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(pdfUrl, { headers: { cookie: `user_token=${token}` } });
    await response.arrayBuffer();
    if (response.ok) printed += 1;
    times.push(performance.now() - started);
  }
  return { printed, p50: median(times) };
}

/**
 * The pro-forma's PDF for a buyer with one inquiry: printed alone, then while 8 signed-out
 * connections ask for it as fast as they are answered (the attack run held the one printer so).
 */
async function printAvailability(base: string, cms: string, log: (line: string) => void) {
  const stamp = Date.now().toString(36);
  const registered = (await (
    await fetch(`${cms}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `bench${stamp}`, email: `bench${stamp}@example.com`, password: 'Bench2024x' }),
    })
  ).json()) as { jwt: string };
  const inquiry = (await (
    await fetch(`${cms}/api/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${registered.jwt}` },
      body: JSON.stringify({
        data: { province_slug: 'tehran', lines: [{ product_slug: PRODUCT_PAGE_PATH.split('/').pop(), quantity: 1 }] },
      }),
    })
  ).json()) as { data: { documentId: string } };
  const pdfUrl = `${base}/_/print.pdf?path=${encodeURIComponent(`/inquiry/requests/${inquiry.data.documentId}/proforma`)}`;
  const alone = await ownerPrints(pdfUrl, registered.jwt, PRINTS);
  let flooding = true;
  const floodStatuses = new Map<number, number>();
  const flood = Promise.all(
    Array.from({ length: 8 }, async () => {
      while (flooding) {
        const response = await fetch(pdfUrl).catch(() => null);
        await response?.arrayBuffer();
        const status = response?.status ?? 0;
        floodStatuses.set(status, (floodStatuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const flooded = await ownerPrints(pdfUrl, registered.jwt, PRINTS);
  flooding = false;
  await flood;
  log(`The pro-forma's PDF for its owner, ${PRINTS} prints one after another:`);
  log(`  alone                              ${alone.printed}/${PRINTS} printed, p50 ${alone.p50.toFixed(0)} ms`);
  log(
    `  while a signed-out client floods   ${flooded.printed}/${PRINTS} printed, p50 ${flooded.p50.toFixed(0)} ms  (the flood's answers: ${[...floodStatuses].map(([code, n]) => `${code}×${n}`).join(' ')})`,
  );
}
export async function benchSlots(options: {
  browser: Browser;
  buildsDir: string;
  /** The CMS's origin (no /api): the print figures' buyer and inquiry are made there. */
  cms: string;
  port: number;
  /** A second server's, on the builds without the inquiry app: the renders' baseline. */
  baselinePort: number;
  gatePort: number;
  runs: number;
  startServer: (port: number, env: Record<string, string>) => RunningProcess;
  log: (line: string) => void;
}): Promise<void> {
  const { browser, port, runs, log } = options;
  const base = `http://127.0.0.1:${port}`;
  const buildsDir = `${options.buildsDir}-slots`;
  // Not the running server's own hidden state (locks that come and go, the image cache).
  fs.cpSync(options.buildsDir, buildsDir, {
    recursive: true,
    filter: (source) => !path.basename(source).startsWith('.'),
  });
  // Keys live beside the builds folder, never in it (the server refuses that).
  const keysFile = `${buildsDir}-deploy-keys.json`;
  const baselineBuildsDir = `${options.buildsDir}-no-contributions`;
  fs.cpSync(buildsDir, baselineBuildsDir, { recursive: true });
  // Every request is a render: the slot figures below are of uncached renders.
  const uncached = { SSR_CACHE_ENTRIES: '0', RENDER_RATE_LIMIT_PER_MINUTE: 'off' };
  const baseline = options.startServer(options.baselinePort, {
    BUILDS_DIR: baselineBuildsDir,
    DEPLOY_GATE_PORT: String(options.gatePort),
    ...uncached,
  });
  const server = options.startServer(port, {
    BUILDS_DIR: buildsDir,
    DEPLOY_KEYS_FILE: keysFile,
    DEPLOY_GATE_PORT: String(options.gatePort),
    ...uncached,
  });
  try {
    await waitForUrl(`${base}/api/health`, 30_000);
    await waitForUrl(`http://127.0.0.1:${options.baselinePort}/api/health`, 30_000);
    const url = `${base}${PRODUCT_PAGE_PATH}`;
    const baselineUrl = `http://127.0.0.1:${options.baselinePort}${PRODUCT_PAGE_PATH}`;
    // The home page hosts only the header's counter: with an empty basket it should cost nothing.
    const homeUrl = `${base}/`;
    await productPageCost(browser, url); // the page's first render: the server entries loaded
    await productPageCost(browser, homeUrl);
    const without = await medianCost(browser, url, runs);
    const homeWithout = await medianCost(browser, homeUrl, runs);

    // The inquiry team joins as in its e2e: registered by the platform, deployed with its own key.
    await buildApp(INQUIRY);
    const platform = { server: base, key: await addKey({ buildsDir, keysFile }, 'platform', 'bench-platform') };
    await deployApi.apps.add(platform, { name: INQUIRY, paths: ['/inquiry/**'], owner: 'bench-inquiry-team' });
    const team = { server: base, key: await addKey({ buildsDir, keysFile }, INQUIRY, 'bench-inquiry-team') };
    const published = await deployApi.publish(team, INQUIRY, path.join(repoRoot, 'mf-inquiry/dist'));
    await deployApi.activate(team, INQUIRY, published.version);
    await productPageCost(browser, url);
    await productPageCost(browser, homeUrl);
    const withSlots = await medianCost(browser, url, runs);
    const homeWith = await medianCost(browser, homeUrl, runs);

    log(`Product page ${PRODUCT_PAGE_PATH}, cold, median of ${runs} (Chromium, loopback, 1× CPU):`);
    log(`                         JS transferred   main-thread tasks`);
    const row = (label: string, cost: PageCost) =>
      log(
        `  ${label.padEnd(22)} ${kb(cost.jsBytes).padStart(10)} ${`${cost.mainThreadMs.toFixed(0)} ms`.padStart(15)}`,
      );
    row('without inquiry', without);
    row('with inquiry live', withSlots);
    log(
      `  the slots add          ${kb(withSlots.jsBytes - without.jsBytes).padStart(10)} ${`${(withSlots.mainThreadMs - without.mainThreadMs).toFixed(0)} ms`.padStart(15)}`,
    );
    log(`Home page /, empty basket, cold, median of ${runs} (a contribution's code loads only where it shows):`);
    row('without inquiry', homeWithout);
    row('with inquiry live', homeWith);
    log(
      `  the slots add          ${kb(homeWith.jsBytes - homeWithout.jsBytes).padStart(10)} ${`${(homeWith.mainThreadMs - homeWithout.mainThreadMs).toFixed(0)} ms`.padStart(15)}`,
    );

    const times = { product: [] as number[], listing: [] as number[] };
    for (let run = 0; run < runs; run += 1) {
      // An empty basket each run: the product page's product, then another row of the listing.
      const page = await (await browser.newContext()).newPage();
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      times.product.push(await pressToCount(page, 'form[aria-label="افزودن به استعلام قیمت"] button[type="submit"]'));
      await page.goto(`${base}/rebar/kalaf`);
      await page.waitForLoadState('networkidle');
      times.listing.push(
        await pressToCount(page, '[data-listing="table"] tbody tr:nth-child(2) button[aria-label^="افزودن «"]'),
      );
      await page.context().close();
    }
    log(`Press on «افزودن به استعلام» (pointer rested first) → header counter updated, median of ${runs}:`);
    log(
      `  product page   ${median(times.product).toFixed(0)} ms  (${times.product.map((t) => t.toFixed(0)).join(', ')})`,
    );
    log(
      `  listing row    ${median(times.listing).toFixed(0)} ms  (${times.listing.map((t) => t.toFixed(0)).join(', ')})`,
    );

    await printAvailability(base, options.cms, log);

    // A careless version: its product-page contribution does 2 s of synchronous work on the server.
    const withInquiry = await pairedRenderP50(baselineUrl, url);
    const busyDist = fs.mkdtempSync(`${buildsDir}-busy-inquiry-`);
    try {
      await buildAppReplacing(
        INQUIRY,
        busyDist,
        /features\/basket\/add-to-inquiry$/,
        () => path.join(repoRoot, 'e2e/fixtures/inquiry-contributions-busy-on-server.tsx'),
        'inquiry (2 s of server work in product.actions)',
      );
      const busy = await deployApi.publish(team, INQUIRY, busyDist);
      await deployApi.activate(team, INQUIRY, busy.version, 'bench: a contribution that blocks its host, forced live');
    } finally {
      fs.rmSync(busyDist, { recursive: true, force: true });
    }
    const withBusy = await pairedRenderP50(baselineUrl, url);
    log(
      `Product page's uncached server render (server-timing), median of ${UNCACHED_RENDERS}, asked in turn of a server ` +
        `without contributions and one with, after ${WARM_RENDERS} renders each:`,
    );
    const renders = (label: string, [alone, withContributions]: [number, number], bound = '') =>
      log(
        `  ${label.padEnd(34)} ${withContributions.toFixed(1).padStart(6)} ms against ${alone.toFixed(1)} ms without  ` +
          `(${(withContributions / alone).toFixed(2)}×${bound})`,
      );
    renders('the inquiry app live', withInquiry);
    renders('a 2 s contribution forced live', withBusy, '; 1.2× at most');
  } finally {
    await Promise.all([server.stop(), baseline.stop()]);
    fs.rmSync(buildsDir, { recursive: true, force: true });
    fs.rmSync(baselineBuildsDir, { recursive: true, force: true });
    fs.rmSync(keysFile, { force: true });
  }
}
