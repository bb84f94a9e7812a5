import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { SPEC_PORTS, appServerEnv } from './support/environment';
import { startAppServer } from './support/app-server';
import { craftingFolder, type CraftingFolder } from './support/crafted-versions';
import { readLive, type AppName } from '@steel/server/builds-folder';
import { releaseVersion, rollbackVersion } from '@steel/server/change-live';
import { status } from '@steel/server/status';
import { fileDigest } from '@steel/server/version-files';
import { FILE_DIGESTS_FILE } from '@steel/contract';

/**
 * Integrity and origins (docs/architecture.md): a file changed after publishing and forced live
 * anyway is refused by the browser (Subresource Integrity) and contained, never run — the version's
 * file-digests file, which vouches for its chunks, as much as a chunk; and a remote
 * served from its own asset origin (a second loopback port standing in for a CDN) loads with SRI,
 * with that origin — and no other — in the Content-Security-Policy.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let folder: CraftingFolder;
let buildsDir: string;
const gateEnv = {
  ...process.env,
  ...appServerEnv(SPEC_PORTS.integrity, ''),
  DEPLOY_GATE_PORT: String(SPEC_PORTS.integrity),
};

/** A copy of the live version of `app` published as a new version (a space in its app manifest makes it distinct). */
const republish = (app: AppName) =>
  folder.craftVersion(app, (dir) => fs.appendFileSync(path.join(dir, 'app-manifest.json'), ' '));

/** Messages the browser logs when it refuses a file by its integrity. */
function integrityRefusals(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/integrity/i.test(message.text())) messages.push(message.text());
  });
  return messages;
}

/** Records each <script src> the page adds, with its integrity and crossorigin, before the browser fetches it. */
async function recordScriptElements(
  page: Page,
): Promise<() => Promise<Array<{ src: string; integrity: string; crossOrigin: string | null }>>> {
  await page.addInitScript(() => {
    const seen: Array<{ src: string; integrity: string; crossOrigin: string | null }> = [];
    (window as unknown as { __scriptElements: typeof seen }).__scriptElements = seen;
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes)
          if (node instanceof HTMLScriptElement && node.src)
            seen.push({ src: node.src, integrity: node.integrity, crossOrigin: node.crossOrigin });
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            __scriptElements: Array<{ src: string; integrity: string; crossOrigin: string | null }>;
          }
        ).__scriptElements,
    );
}

const tampered = (page: Page) => page.evaluate(() => (window as unknown as { __tampered?: number }).__tampered);

test.beforeAll(() => {
  folder = craftingFolder('steel-integrity-');
  buildsDir = folder.buildsDir;
});

test.afterAll(() => {
  folder.remove();
});

test('files changed after publishing, forced live, are refused by the browser and contained; the rest of the site works', async ({
  page,
}) => {
  // The blog's entry and the catalogue's exposed page chunk (loaded by the catalogue's own webpack runtime).
  const blog = await republish('blog');
  fs.appendFileSync(path.join(buildsDir, 'blog', blog, 'remoteEntry.js'), ';window.__tampered=1');
  const catalogue = await republish('catalogue');
  const chunk = fs
    .readdirSync(path.join(buildsDir, 'catalogue', catalogue))
    .find((file) => /^__federation_expose_app\.[0-9a-f]+\.js$/.test(file)) as string;
  expect(chunk).toBeTruthy();
  fs.appendFileSync(path.join(buildsDir, 'catalogue', catalogue, chunk), ';window.__tampered=1');

  for (const [app, version, file] of [
    ['blog', blog, 'remoteEntry.js'],
    ['catalogue', catalogue, chunk],
  ] as const) {
    const result = await releaseVersion(buildsDir, app, version, { env: gateEnv, force: 'testing integrity' });
    // The gate saw it first…
    expect(result.refusal).toBe(
      `files: ${file} changed after it was published; publish the build again instead of editing a published version`,
    );
    expect((await readLive(buildsDir))?.versions[app]).toBe(version);
  }

  const server = await startAppServer({ port: SPEC_PORTS.integrity, buildsDir });
  try {
    // …and the browser refuses it: the blog's entry never runs, the blog is a contained failure.
    const refusals = integrityRefusals(page);
    const scriptElements = await recordScriptElements(page);
    const entryLoads: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(`/builds/blog/${blog}/remoteEntry.js`)) entryLoads.push(response.url());
    });
    await page.goto(`${server.url}/blog`);
    await expect(page.getByTestId('remote-error')).toBeVisible({ timeout: 20_000 });
    expect(entryLoads.length, 'the tampered entry was served').toBeGreaterThan(0);
    expect(await tampered(page)).toBeUndefined();
    expect(refusals.join('\n')).toContain(`/builds/blog/${blog}/remoteEntry.js`);
    await expect(page.locator('header nav a', { hasText: 'میلگرد' })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();

    // Another team's remote, untouched, still works beside it.
    await page.goto(`${server.url}/login`);
    await expect(page.locator('#app-panel h1')).toHaveText('ورود / ثبت‌نام');

    // The catalogue's tampered chunk, reached by a click (no server-rendered preload of it): its
    // own webpack chunk loader asks for it with the published digest and the browser refuses it.
    await page.locator('header nav a', { hasText: 'میلگرد' }).click();
    await expect(page.getByTestId('remote-error')).toBeVisible({ timeout: 20_000 });
    expect(await tampered(page)).toBeUndefined();
    expect(refusals.join('\n')).toContain(`/builds/catalogue/${catalogue}/${chunk}`);
    // Its path: a chunk that failed before is asked for again with a query past the browser cache.
    const chunkScripts = (await scriptElements()).filter((script) =>
      new URL(script.src).pathname.endsWith(`/builds/catalogue/${catalogue}/${chunk}`),
    );
    expect(chunkScripts.length).toBeGreaterThan(0);
    for (const script of chunkScripts) expect(script.integrity).toMatch(/^sha384-/);
    await expect(page.locator('footer')).toBeVisible();
    await page.locator('header a', { hasText: 'ورود / ثبت‌نام' }).click();
    await expect(page.locator('#app-panel h1')).toHaveText('ورود / ثبت‌نام');
    expect(await tampered(page)).toBeUndefined();

    // Each team sees it as a failed load of its live version.
    await expect
      .poll(
        async () =>
          (await status(buildsDir)).apps
            .filter((app) => ['catalogue', 'blog'].includes(app.app))
            .map((app) => (app.failures.load ?? 0) > 0),
        { timeout: 10_000 },
      )
      .toEqual([true, true]);
  } finally {
    await server.stop();
    await rollbackVersion(buildsDir, 'blog');
    await rollbackVersion(buildsDir, 'catalogue');
  }
});

test('a file-digests file changed after publishing, forced live, is refused by the browser; its remote is contained', async ({
  page,
}) => {
  // Whoever changes a script and rewrites the list to vouch for it: the registry still names the
  // list's published digest, so the browser refuses the list and nothing of that version runs.
  const panel = await republish('panel');
  const dir = path.join(buildsDir, 'panel', panel);
  fs.appendFileSync(path.join(dir, 'remoteEntry.js'), ';window.__tampered=1');
  const listed = JSON.parse(fs.readFileSync(path.join(dir, FILE_DIGESTS_FILE), 'utf8')) as Record<string, string>;
  fs.writeFileSync(
    path.join(dir, FILE_DIGESTS_FILE),
    JSON.stringify({ ...listed, 'remoteEntry.js': await fileDigest(path.join(dir, 'remoteEntry.js')) }),
  );
  const result = await releaseVersion(buildsDir, 'panel', panel, { env: gateEnv, force: 'testing integrity' });
  expect(result.refusal).toMatch(
    /^files: (file-digests\.json|remoteEntry\.js) changed after it was published; publish the build again/,
  );

  const server = await startAppServer({ port: SPEC_PORTS.integrity, buildsDir });
  try {
    const refusals = integrityRefusals(page);
    const registry = (await (await page.request.get(`${server.url}/remotes.json`)).json()) as Record<
      string,
      { files?: unknown; filesIntegrity?: string }
    >;
    // One digest of the list per remote, not one per file.
    expect(registry['panel']!.filesIntegrity).toMatch(/^sha384-/);
    expect(registry['panel']).not.toHaveProperty('files');
    await page.goto(`${server.url}/login`);
    await expect(page.getByTestId('remote-error')).toBeVisible({ timeout: 20_000 });
    expect(await tampered(page)).toBeUndefined();
    expect(refusals.join('\n')).toContain(`/builds/panel/${panel}/${FILE_DIGESTS_FILE}`);
    await expect(page.locator('footer')).toBeVisible();

    // Another team's remote, its list untouched, loads every file with the digest the list gives.
    const scriptElements = await recordScriptElements(page);
    await page.goto(`${server.url}/blog`);
    await expect(page.locator('#app-blog h1')).toBeVisible();
    const blogScripts = (await scriptElements()).filter((script) => script.src.includes('/builds/blog/'));
    expect(blogScripts.length).toBeGreaterThan(0);
    for (const script of blogScripts) expect(script.integrity).toMatch(/^sha384-/);
  } finally {
    await server.stop();
    await rollbackVersion(buildsDir, 'panel');
  }
});

/**
 * A CDN standing in: serves the catalogue's version folders under the app server's own paths,
 * with CORS; `tamper` makes it append code to every script it sends.
 */
function startAssetOrigin(port: number) {
  const requests: string[] = [];
  const state = { tamper: false };
  const root = path.join(buildsDir, 'catalogue');
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    requests.push(url.pathname);
    const match = /^\/builds\/catalogue\/([A-Za-z0-9._-]+)\/([A-Za-z0-9._/-]+)$/.exec(url.pathname);
    const file = match && !match[2]!.split('/').includes('..') ? path.join(root, match[1]!, match[2]!) : null;
    if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end('Not Found');
      return;
    }
    let body = fs.readFileSync(file);
    if (state.tamper && file.endsWith('.js')) body = Buffer.concat([body, Buffer.from(';window.__tampered=1')]);
    response.writeHead(200, {
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
      'content-type': file.endsWith('.json') ? 'application/json' : 'text/javascript; charset=utf-8',
    });
    response.end(body);
  });
  const listening = new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    listening,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a remote on its own asset origin loads with SRI from there, and the CSP lists that origin and no other', async ({
  page,
  browser,
}) => {
  const assets = startAssetOrigin(SPEC_PORTS.assetOrigin);
  await assets.listening;
  const server = await startAppServer({
    port: SPEC_PORTS.assetOriginSite,
    buildsDir,
    env: { ASSET_ORIGINS: `catalogue=${assets.url}` },
  });
  const version = folder.liveVersion('catalogue');
  try {
    const appServerCatalogue: string[] = [];
    const corsRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${server.url}/builds/catalogue/`)) appServerCatalogue.push(request.url());
      // A cross-origin request with CORS carries Origin: what SRI needs on another origin.
      if (request.url().startsWith(assets.url) && request.headers()['origin'] === server.url)
        corsRequests.push(request.url());
    });
    const scriptElements = await recordScriptElements(page);
    const response = await page.goto(`${server.url}/rebar`);
    await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
    // Entry (federation runtime) and page chunk (the catalogue's webpack runtime): digest and CORS.
    const fromAssets = (await scriptElements()).filter((script) => script.src.startsWith(assets.url));
    expect(fromAssets.some((script) => script.src.endsWith('/remoteEntry.js'))).toBe(true);
    expect(fromAssets.some((script) => /__federation_expose_app\.[0-9a-f]+\.js$/.test(script.src))).toBe(true);
    for (const script of fromAssets)
      expect(script).toMatchObject({ integrity: expect.stringMatching(/^sha384-/), crossOrigin: 'anonymous' });

    // The CSP comes from the same list as the registry's URLs.
    const csp = response?.headers()['content-security-policy'] ?? '';
    for (const directive of ['script-src', 'connect-src'])
      expect(csp).toMatch(new RegExp(`${directive} 'self'[^;]* ${assets.url.replace(/[.:/]/g, '\\$&')}(;| )`));
    const registry = (await (await page.request.get(`${server.url}/remotes.json`)).json()) as Record<
      string,
      { entry: string; integrity: string }
    >;
    expect(registry['catalogue']!.entry).toBe(`${assets.url}/builds/catalogue/${version}/mf-manifest.json`);
    expect(registry['catalogue']!.integrity).toMatch(/^sha384-/);
    expect(registry['blog']!.entry).toMatch(/^\/builds\/blog\//);

    // The server's preload hints ask for the same requests the shell makes: digest and CORS.
    const html = await (await page.request.get(`${server.url}/rebar`)).text();
    expect(html).toMatch(
      new RegExp(
        `<link rel="preload" as="script" href="${assets.url}/builds/catalogue/${version}/remoteEntry\\.js" integrity="sha384-[^"]+" crossorigin>`,
      ),
    );

    // The catalogue's code came from the asset origin, with CORS, and none from the app server.
    expect(assets.requests).toEqual(
      expect.arrayContaining([
        `/builds/catalogue/${version}/mf-manifest.json`,
        `/builds/catalogue/${version}/remoteEntry.js`,
      ]),
    );
    expect(assets.requests.some((request) => /__federation_expose_app\.[0-9a-f]+\.js$/.test(request))).toBe(true);
    expect(corsRequests.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    expect(corsRequests.some((url) => /__federation_expose_app\.[0-9a-f]+\.js$/.test(url))).toBe(true);
    expect(appServerCatalogue).toEqual([]);

    // An origin not in the list is not loaded.
    const blocked = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener(
            'securitypolicyviolation',
            (event) => resolve(`${event.violatedDirective} ${event.blockedURI}`),
            { once: true },
          );
          const script = document.createElement('script');
          script.src = 'http://127.0.0.1:9/elsewhere.js';
          document.head.append(script);
        }),
    );
    expect(blocked).toMatch(/^script-src(-elem)? http:\/\/127\.0\.0\.1:9\/elsewhere\.js$/);

    // The asset origin is held to the published digests too: what it changes is refused, contained.
    assets.state.tamper = true;
    const context = await browser.newContext();
    const fresh = await context.newPage();
    try {
      const refusals = integrityRefusals(fresh);
      await fresh.goto(`${server.url}/rebar`);
      await expect(fresh.getByTestId('remote-error')).toBeVisible({ timeout: 20_000 });
      expect(await tampered(fresh)).toBeUndefined();
      expect(refusals.join('\n')).toContain(assets.url);
      await expect(fresh.locator('footer')).toBeVisible();
    } finally {
      await context.close();
    }
  } finally {
    await server.stop();
    await assets.stop();
  }
});
