/**
 * What a registered app costs pages it does not own, for `npm run bench`'s deploy section: every
 * page embeds the registry it was rendered with (`<script id="remote-registry">`), so each live app
 * adds its entry's bytes there — and nothing else: a remote's code runs only on its own pages
 * (the visit below counts the scripts of each app that `/` executes). The registry's size as apps
 * are added (1, 4, 16) is measured by repeating the smallest live entry under new names, which is
 * what a small team's remote would weigh.
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

const sizes = (json: string) =>
  `${(Buffer.byteLength(json) / 1024).toFixed(1)} KB raw, ${(gzipSync(json).length / 1024).toFixed(1)} KB gzip`;

/** The registry a page embeds, as the served HTML carries it. */
async function embeddedRegistry(base: string, path: string): Promise<Record<string, unknown>> {
  const html = await (await fetch(`${base}${path}`)).text();
  const json = /<script[^>]*id="remote-registry"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`${path} embeds no remote registry`);
  return JSON.parse(json) as Record<string, unknown>;
}

/** Which apps' scripts a cold visit of `path` runs (by their builds folder). */
async function appsRunOn(browser: Browser, base: string, path: string): Promise<Map<string, number>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const ran = new Map<string, number>();
  page.on('response', (response) => {
    const match = /\/builds\/([a-z][a-z0-9-]*)\/[^/]+\/.+\.js$/.exec(new URL(response.url()).pathname);
    // A prefetch (`<link rel=prefetch>`) only fills the HTTP cache; a script request runs.
    if (match?.[1] && response.request().resourceType() === 'script') ran.set(match[1], (ran.get(match[1]) ?? 0) + 1);
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await context.close();
  return ran;
}

/**
 * The entry as another team's app would have it: its own name in its paths and entry, its own
 * version and digests (copies of one entry would compress to nothing and flatter the figure).
 */
function asAnotherApp(entry: unknown, name: string, newName: string): unknown {
  const text = JSON.stringify(entry)
    .replaceAll(`/${name}`, `/${newName}`)
    .replace(/sha384-[A-Za-z0-9+/]{64}/g, () => `sha384-${randomBytes(48).toString('base64')}`)
    .replace(/"version":"[0-9a-f]+"/, `"version":"${randomBytes(6).toString('hex')}"`);
  return JSON.parse(text) as unknown;
}

export async function benchRegistrySize(options: { base: string; browser: Browser; log: (line: string) => void }) {
  const { base, browser, log } = options;
  const registry = await embeddedRegistry(base, '/');
  log(`registry embedded in every page: ${Object.keys(registry).length} apps, ${sizes(JSON.stringify(registry))}`);
  for (const [app, entry] of Object.entries(registry)) log(`  ${app.padEnd(10)} entry ${sizes(JSON.stringify(entry))}`);
  const ran = await appsRunOn(browser, base, '/');
  const counts = ['shell', ...Object.keys(registry)].map((app) => `${app} ${ran.get(app) ?? 0}`);
  log(`scripts run by a cold visit of / (a catalogue page), per app: ${counts.join(', ')}`);
  const [smallestName, smallest] = Object.entries(registry).sort(
    ([, a], [, b]) => JSON.stringify(a).length - JSON.stringify(b).length,
  )[0]!;
  for (const count of [1, 4, 16]) {
    const grown = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`team-${i + 1}`, asAnotherApp(smallest, smallestName, `team-${i + 1}`)]),
    );
    log(`registry of ${String(count).padStart(2)} small apps: ${sizes(JSON.stringify(grown))}`);
  }
}
