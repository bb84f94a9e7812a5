/**
 * Bench figure: the bytes of a product page on a first load, as Chromium
 * transferred them — the served HTML, the JS needed until the page is loaded, and the JS that
 * comes after (the price chart's lazy chunk with lightweight-charts, link prefetch). Part of
 * `npm run bench`; alone against a running site:
 *
 *   npx tsx scripts/bench-product-page.ts http://127.0.0.1:8080 [/rebar/kalaf/rebar-kalaf-1]
 */
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions, ensureChromium } from './lib/chromium';

export const PRODUCT_PAGE_PATH = '/rebar/kalaf/rebar-kalaf-1';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Transfer {
  url: string;
  /** Body bytes on the wire (after any content encoding). */
  transferred: number;
  /** Body bytes after decoding. */
  decoded: number;
  /** Requested before the page's `load` event. */
  beforeLoad: boolean;
}

export async function benchProductPage(options: {
  browser: Browser;
  base: string;
  path?: string;
  log?: (line: string) => void;
}) {
  const { browser, base, path = PRODUCT_PAGE_PATH, log = console.log } = options;
  const context = await browser.newContext();
  const page = await context.newPage();
  let loaded = false;
  page.on('load', () => {
    loaded = true;
  });
  const pending: Promise<Transfer | null>[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'document' && type !== 'script') return;
    const beforeLoad = !loaded;
    pending.push(
      Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) =>
        response
          ? {
              url: request.url(),
              transferred: sizes.responseBodySize,
              decoded: (await response.body()).length,
              beforeLoad,
            }
          : null,
      ),
    );
  });
  await page.goto(`${base}${path}`);
  // The chart's chunk arrives after hydration; idle means it (and link prefetch) is in.
  await page.locator('[data-price-chart] canvas').first().waitFor();
  await page.waitForLoadState('networkidle');
  const transfers = (await Promise.all(pending)).filter((transfer): transfer is Transfer => transfer !== null);
  await context.close();

  const html = transfers.find((transfer) => new URL(transfer.url).pathname === path);
  const scripts = transfers.filter((transfer) => transfer !== html && /\.m?js$/.test(new URL(transfer.url).pathname));
  const sum = (list: Transfer[], key: 'transferred' | 'decoded') =>
    list.reduce((total, transfer) => total + transfer[key], 0);
  const line = (label: string, list: Transfer[]) =>
    log(
      `${label.padEnd(44)} ${kb(sum(list, 'transferred')).padStart(9)} transferred  ${kb(sum(list, 'decoded')).padStart(9)} decoded  (${list.length} files)`,
    );
  log(`Product page ${path}, first load (Chromium, loopback):`);
  if (html) line('  HTML', [html]);
  line(
    '  JS until the load event',
    scripts.filter((script) => script.beforeLoad),
  );
  line(
    '  JS after it (chart chunk, prefetch)',
    scripts.filter((script) => !script.beforeLoad),
  );
  // Which files are the chart's: their source maps name its modules or the library.
  const chart: Transfer[] = [];
  for (const script of scripts) {
    const map = await fetch(`${script.url}.map`).then((response) =>
      response.ok ? (response.json() as Promise<{ sources: string[] }>) : { sources: [] },
    );
    if (map.sources.some((source) => /lightweight-charts|features\/price-chart\/canvas-chart/.test(source)))
      chart.push(script);
  }
  line('    of which the chart (lightweight-charts)', chart);
}

if (require.main === module) {
  const [base = 'http://127.0.0.1:8080', path] = process.argv.slice(2);
  ensureChromium();
  void (async () => {
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      await benchProductPage({ browser, base, ...(path ? { path } : {}) });
    } finally {
      await browser.close();
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
