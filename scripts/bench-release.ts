/**
 * Gradual release figures for `npm run bench`, against the bench's running app server:
 * - activation → open tab aware: tabs with /blog open, the blog switched between two published
 *   versions; each tab notes when the live-set event naming the new version reaches it (the moment
 *   its next navigation becomes a full load). p50/p95 over all tabs and rounds.
 * - detection → automatic abort: a blog canary at 50 %, visitors whose page views and failure
 *   beacons go through the real routes (cohort cookies, per-version counts); the time from the
 *   beacon that puts the canary over the margin to the health monitor's abort in live.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { activate } from '@steel/server/live-file-writes';
import { startCanary } from '@steel/server/canary';
import { readReleaseLog } from '@steel/server/release-log';

const TABS = 5;
const ROUNDS = 6;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const liveBlog = (buildsDir: string) =>
  JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as {
    blog: string;
    canary?: Record<string, unknown>;
  };

export async function benchOpenTabsAware(options: {
  browser: Browser;
  base: string;
  buildsDir: string;
  log: (line: string) => void;
}): Promise<void> {
  const { blog: original } = liveBlog(options.buildsDir);
  const other = fs
    .readdirSync(path.join(options.buildsDir, 'blog'))
    .find(
      (version) =>
        version !== original && fs.existsSync(path.join(options.buildsDir, 'blog', version, 'app-manifest.json')),
    );
  if (!other) return options.log('(skipped: only one blog version is published)');
  // A context per tab: one profile's six connections per host would be held by the streams.
  const contexts = await Promise.all(Array.from({ length: TABS }, () => options.browser.newContext()));
  // Each tab records, in epoch ms, when a live event naming a blog version first reaches it.
  const recordLiveEvents = () => {
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('live', (event) => {
          const notice = JSON.parse((event as MessageEvent<string>).data) as { versions: { blog?: string } };
          const seen = ((window as unknown as { blogSeen?: Record<string, number> }).blogSeen ??= {});
          seen[notice.versions.blog ?? ''] ??= Date.now();
        });
      }
    };
  };
  const tabs = await Promise.all(
    contexts.map(async (context) => {
      await context.addInitScript(recordLiveEvents);
      return context.newPage();
    }),
  );
  // A tab that knows of a new version stops listening (its next navigation is a full load anyway):
  // each round starts from freshly opened pages.
  const openAll = () =>
    Promise.all(tabs.map((tab) => tab.goto(`${options.base}/blog`).then(() => tab.locator('#app-blog h1').waitFor())));
  const delays: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const target = round % 2 === 0 ? other : original;
      await openAll();
      for (const tab of tabs) await tab.evaluate(() => Object.assign(window, { blogSeen: {} }));
      const activatedAt = Date.now();
      await activate(options.buildsDir, 'blog', target);
      for (const tab of tabs) {
        const seenAt = await tab.waitForFunction(
          (version) => (window as unknown as { blogSeen?: Record<string, number> }).blogSeen?.[version],
          target,
          { timeout: 30_000 },
        );
        delays.push(Number(await seenAt.jsonValue()) - activatedAt);
      }
    }
  } finally {
    await activate(options.buildsDir, 'blog', original);
    await Promise.all(contexts.map((context) => context.close()));
  }
  options.log(
    `activation → open tab aware (${TABS} tabs × ${ROUNDS} activations, Server-Sent Events): p50 ${percentile(delays, 50).toFixed(0)} ms, p95 ${percentile(delays, 95).toFixed(0)} ms, max ${Math.max(...delays).toFixed(0)} ms`,
  );
}

export async function benchAutomaticAbort(options: {
  base: string;
  buildsDir: string;
  minViews: number;
  log: (line: string) => void;
}): Promise<void> {
  const { blog: stable } = liveBlog(options.buildsDir);
  const broken = fs
    .readdirSync(path.join(options.buildsDir, 'blog'))
    .find(
      (version) =>
        version !== stable && fs.existsSync(path.join(options.buildsDir, 'blog', version, 'app-manifest.json')),
    );
  if (!broken) return options.log('(skipped: only one blog version is published)');
  await startCanary(options.buildsDir, 'blog', broken, 50);
  // Visitors until the canary has its minimum sample, every canary view failing to mount.
  let canaryViews = 0;
  let overAt = 0;
  const started = Date.now();
  while (canaryViews < options.minViews + 5 && Date.now() - started < 120_000) {
    const page = await fetch(`${options.base}/blog`);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
    const html = await page.text();
    if (!html.includes(`/builds/blog/${broken}/`)) continue;
    canaryViews += 1;
    await fetch(`${options.base}/_/remote-failure`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        app: 'blog',
        version: broken,
        kind: 'mount',
        route: '/blog',
        message: 'bench: mount throws',
      }),
    });
    if (canaryViews === options.minViews) overAt = Date.now();
  }
  while (liveBlog(options.buildsDir).canary?.['blog'] && Date.now() - overAt < 60_000)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const abortedAt = Date.now();
  const line = (await readReleaseLog(options.buildsDir, 'blog'))
    .filter((entry) => entry.action === 'auto-abort')
    .at(-1);
  options.log(
    liveBlog(options.buildsDir).canary?.['blog']
      ? 'detection → automatic abort: not aborted within 60 s'
      : `detection → automatic abort (blog canary at 50 %, every canary view failing): ${((abortedAt - overAt) / 1000).toFixed(1)} s after the minimum sample was reached — "${line?.gate ?? '?'}"`,
  );
}
