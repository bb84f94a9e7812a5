/**
 * First render with and without analytics consent (docs/behaviour.md, "Analytics": posthog-js must never be on
 * the critical path of the first render). Starts an app server whose runtime config enables
 * analytics (host = a local sink that answers 200 `{}`), then loads a cold `/` N times with the
 * consent stored as `pending` and N times as `granted`, and prints medians of:
 *   - FCP: Chromium's `first-contentful-paint`;
 *   - content: the catalogue's <h1> in the DOM (the first real render of a remote);
 *   - posthog: when the lazy posthog chunk was requested (granted only; should be after FCP).
 *
 * From scripts/bench.ts: `await benchFirstRenderConsent({ browser, buildsDir, port, runs })`.
 * Alone: `CMS_PUBLIC_URL=…/api npx tsx scripts/bench-consent.ts <buildsDir> [runs]` (e.g. a folder `npm run build`
 * or scripts/e2e.ts filled). Prints, never asserts.
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { CONSENT_STORAGE_KEY } from '@steel/shared/consent';
import { chromiumLaunchOptions } from './lib/chromium';
import { median } from './lib/median';
import { repoRoot } from './lib/paths';
import { startProcess, waitForUrl } from './lib/processes';

export interface FirstRenderSample {
  fcp: number;
  content: number;
  posthogRequestedAt: number | null;
}

/** One cold load of `/` in a fresh context with the given consent stored beforehand. */
async function sample(browser: Browser, base: string, consent: 'pending' | 'granted'): Promise<FirstRenderSample> {
  const context = await browser.newContext();
  if (consent === 'granted') {
    await context.addInitScript(([key]) => localStorage.setItem(key!, 'granted'), [CONSENT_STORAGE_KEY]);
  }
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.locator('#app-catalogue h1').waitFor();
  const contentAt = await page.evaluate(() => performance.now());
  // Give idle-time work (third parties) a moment to start so the posthog request is visible.
  await page.waitForTimeout(consent === 'granted' ? 1500 : 0);
  const result = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    const posthog = performance.getEntriesByType('resource').find((entry) => /posthog/.test(entry.name));
    return { fcp, posthogRequestedAt: posthog ? posthog.startTime : null };
  });
  await context.close();
  return { fcp: result.fcp, content: contentAt, posthogRequestedAt: result.posthogRequestedAt };
}

export async function benchFirstRenderConsent(options: {
  browser: Browser;
  buildsDir: string;
  port: number;
  /** The CMS's API (`…/api`): the home page is server-rendered from it and is a 503 without it. */
  cmsUrl: string;
  runs?: number;
  log?: (line: string) => void;
}) {
  const { browser, buildsDir, port, cmsUrl, runs = 7, log = console.log } = options;
  const sink = http.createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*');
    request.resume();
    request.on('end', () => response.end(request.url?.endsWith('.js') ? '' : '{}'));
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const host = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  const base = `http://127.0.0.1:${port}`;
  const server = startProcess('server', path.join(repoRoot, 'node_modules/.bin/tsx'), ['deploy/server/src/main.ts'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BUILDS_DIR: buildsDir,
      LOG_LEVEL: 'warn',
      CMS_PUBLIC_URL: cmsUrl,
      ANALYTICS_KEY: 'phc_bench',
      ANALYTICS_HOST: host,
    },
  });
  try {
    await waitForUrl(`${base}/api/health`, 30_000);
    await sample(browser, base, 'pending'); // warm the server's caches once
    const results: Record<'pending' | 'granted', FirstRenderSample[]> = { pending: [], granted: [] };
    // Interleaved so that drift on a shared machine hits both sides alike.
    for (let i = 0; i < runs; i++) {
      results.pending.push(await sample(browser, base, 'pending'));
      results.granted.push(await sample(browser, base, 'granted'));
    }
    log(`\nFirst render with and without analytics consent (cold "/", Chromium, loopback, N=${runs}):`);
    for (const consent of ['pending', 'granted'] as const) {
      const list = results[consent];
      const posthog = list.map((s) => s.posthogRequestedAt).filter((t): t is number => t !== null);
      log(
        `  consent ${consent.padEnd(8)} FCP median ${median(list.map((s) => s.fcp)).toFixed(0)} ms  content median ${median(list.map((s) => s.content)).toFixed(0)} ms` +
          (consent === 'granted'
            ? `  posthog chunk requested at median ${median(posthog).toFixed(0)} ms (${posthog.length}/${list.length} runs)`
            : ''),
      );
    }
    return results;
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  }
}

if (require.main === module) {
  const buildsDir = process.argv[2];
  const cmsUrl = process.env.CMS_PUBLIC_URL;
  if (!buildsDir || !cmsUrl) {
    console.error('usage: CMS_PUBLIC_URL=http://127.0.0.1:1337/api tsx scripts/bench-consent.ts <buildsDir> [runs]');
    process.exit(2);
  }
  void (async () => {
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      await benchFirstRenderConsent({
        browser,
        buildsDir: path.resolve(buildsDir),
        cmsUrl,
        port: Number(process.env.BENCH_PORT ?? 8484),
        runs: Number(process.argv[3] ?? 7),
      });
    } finally {
      await browser.close();
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
