import { expect, test, type APIRequestContext, type Page } from './support/test';
import { packagesIn } from './support/loaded-code';

/**
 * What a page costs a phone before it is interactive, asserted from the network log and the DOM
 * (never from timings): other apps' code is at most downloaded, never run, and only once the first
 * page is on screen; `/` asks for no forms, markdown, chart, palette, menu-drawer, other catalogue pages' or panel code; each page's
 * LCP image is eager, high priority and preloaded; a journey downloads each shared library once.
 */

interface Download {
  url: string;
  /** Chromium's resource type: `Script` for a script element, `Prefetch`/`Other` for a prefetch. */
  type: string;
  /** Bytes over the wire (compressed): 0 when the answer came from the browser's cache. */
  bytes: number;
  /** When the request started (wall clock, seconds since the epoch). */
  startTime: number;
}

/** Every JavaScript response the page receives, with what it cost on the wire (Chromium's network log). */
async function recordJavaScript(page: Page): Promise<Download[]> {
  const downloads: Download[] = [];
  const pending = new Map<string, { url: string; type: string; fromCache: boolean; wallTime: number }>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type, wallTime }) => {
    if (new URL(request.url).pathname.endsWith('.js'))
      pending.set(requestId, { url: request.url, type: type ?? 'Other', fromCache: false, wallTime });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const request = pending.get(requestId);
    if (request) request.fromCache = true;
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const request = pending.get(requestId);
    if (request && (response.fromDiskCache || response.fromPrefetchCache)) request.fromCache = true;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const request = pending.get(requestId);
    if (!request) return;
    pending.delete(requestId);
    downloads.push({
      url: request.url,
      type: request.type,
      bytes: request.fromCache ? 0 : encodedDataLength,
      startTime: request.wallTime,
    });
  });
  return downloads;
}

/** Marks (on the wall clock the network log uses) the moment single-spa has the first page on screen. */
async function markFirstPageShown(page: Page) {
  await page.addInitScript(() => {
    window.addEventListener(
      'single-spa:routing-event',
      () => Object.assign(window, { firstPageShownAt: Date.now() / 1000 }),
      { once: true },
    );
  });
}
const firstPageShownAt = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstPageShownAt?: number }).firstPageShownAt ?? null);

/** Lets the page reach idle time a few times (requestIdleCallback), so any idle-time prefetch has run. */
async function settle(page: Page) {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 100))));
  }
  await page.waitForLoadState('networkidle');
}

/** The federation runtimes that have run in the page: the shell's, and one per remote entry evaluated. */
const federationInstances = (page: Page) =>
  page.evaluate(() =>
    (
      (globalThis as unknown as { __FEDERATION__?: { __INSTANCES__?: Array<{ name: string }> } }).__FEDERATION__
        ?.__INSTANCES__ ?? []
    ).map((instance) => instance.name),
  );

/** Which npm packages went into each downloaded script (source maps), as `package/` prefixes of its sources. */
async function librariesIn(request: APIRequestContext, urls: string[]): Promise<Map<string, string[]>> {
  return packagesIn(request, [...new Set(urls)]);
}

const appOf = (url: string) => /\/builds\/(shell|catalogue|blog|panel)\//.exec(new URL(url).pathname)?.[1] ?? null;

/** Code `/` must not run before it is interactive, by the package or source file it carries. */
const NOT_ON_HOME: Array<{ what: string; source: RegExp }> = [
  { what: 'forms', source: /^(react-hook-form|@hookform)\// },
  { what: 'markdown', source: /^(react-markdown|remark-|rehype-|micromark|mdast-|hast-|unified)/ },
  { what: 'chart', source: /^lightweight-charts\// },
  { what: 'palette', source: /^cmdk\/|search-palette\.tsx$/ },
  // The phone menu's drawer (a Radix dialog) loads on its first open or when the button is reached.
  { what: 'menu drawer', source: /^@radix-ui\/react-dialog\/|menu-drawer-dialog\.tsx$/ },
  // The catalogue's other pages load with them (each view in its own chunk), the weight tables too.
  {
    what: "the catalogue's other pages",
    source:
      /(weight-tables\.json|weight-table-page-view\.tsx|catalogue-tree-view\.tsx|product-page\.tsx|bourse-view\.tsx|factory-views\.tsx)$/,
  },
  // A server-rendered page has its app's stylesheet in its head: the app's code does not carry it again.
  { what: "the catalogue's stylesheet as code", source: /\/\/catalogue\/\.\/src\/app\/styles\.css$/ },
  // The registry the server embedded is not parsed again: the shell loads the schemas (and zod)
  // only for a registry it fetches itself.
  { what: 'schema (zod)', source: /^zod\/|app-manifest-schema\.ts$/ },
];

/** The scripts `/` runs on first load, with no interaction, once its idle-time work is done. */
async function homeScripts(page: Page): Promise<Download[]> {
  const js = await recordJavaScript(page);
  await page.goto('/');
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await settle(page);
  return js.filter((download) => download.type === 'Script');
}

test.describe('/ on first load, before any interaction', () => {
  // Tall enough that every link of the page is in view: every prefetch the page can start, starts.
  test.use({ viewport: { width: 1280, height: 4000 } });

  test("other apps' code is only downloaded, after the first page is shown, and never run", async ({ page }) => {
    await markFirstPageShown(page);
    const js = await recordJavaScript(page);
    await page.goto('/');
    await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
    await settle(page);

    // The blog (footer and article links) and the panel (sign-in link) are prefetched…
    const others = js.filter((download) => appOf(download.url) === 'blog' || appOf(download.url) === 'panel');
    expect(others.some((download) => download.url.endsWith('/remoteEntry.js') && appOf(download.url) === 'blog')).toBe(
      true,
    );
    expect(others.some((download) => download.url.endsWith('/remoteEntry.js') && appOf(download.url) === 'panel')).toBe(
      true,
    );
    // …as prefetches, not scripts, and only once the first page is on screen.
    expect(others.filter((download) => download.type === 'Script').map((download) => download.url)).toEqual([]);
    const shownAt = await firstPageShownAt(page);
    expect(shownAt).not.toBeNull();
    expect(others.filter((download) => download.startTime < shownAt!).map((download) => download.url)).toEqual([]);
    // Nothing of theirs ran: no script element, no federation runtime of theirs started.
    const scriptSources = await page
      .locator('script[src]')
      .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).src));
    expect(scriptSources.filter((src) => appOf(src) === 'blog' || appOf(src) === 'panel')).toEqual([]);
    const instances = await federationInstances(page);
    expect(instances).toContain('catalogue');
    expect(instances).not.toContain('blog');
    expect(instances).not.toContain('panel');
  });

  test('runs no panel code, and measures the JavaScript it runs', async ({ page }) => {
    const scripts = await homeScripts(page);
    expect(scripts.filter((download) => appOf(download.url) === 'panel').map((download) => download.url)).toEqual([]);
    const gzipBytes = scripts.reduce((sum, download) => sum + download.bytes, 0);
    test.info().annotations.push({
      type: 'JS run by / before interaction (gzip over the wire)',
      description: `${(gzipBytes / 1024).toFixed(1)} KB in ${scripts.length} scripts`,
    });
  });

  for (const { what, source } of NOT_ON_HOME) {
    test(`runs no ${what} code`, async ({ page, request }) => {
      const scripts = await homeScripts(page);
      const libraries = await librariesIn(
        request,
        scripts.map((download) => download.url),
      );
      expect(
        [...libraries].filter(([, sources]) => sources.some((file) => source.test(file))).map(([url]) => url),
      ).toEqual([]);
    });
  }
});

test("/login runs none of the customer pages' code: they load with the panel's own pages", async ({
  page,
  request,
}) => {
  const js = await recordJavaScript(page);
  await page.goto('/login');
  await expect(page.locator('#app-panel fieldset')).toBeEnabled();
  await settle(page);
  const panelScripts = js
    .filter((download) => download.type === 'Script' && appOf(download.url) === 'panel')
    .map((download) => download.url);
  expect(panelScripts.length, 'the panel ran').toBeGreaterThan(0);
  const libraries = await librariesIn(request, panelScripts);
  const customerCode = /\/features\/(orders|tickets|bourse|dashboard|profile|watch-list)\/|sign-out-page\.tsx$/;
  expect(
    [...libraries].filter(([, sources]) => sources.some((file) => customerCode.test(file))).map(([url]) => url),
  ).toEqual([]);
});

for (const { path, app } of [
  { path: '/', app: 'catalogue' },
  { path: '/blog', app: 'blog' },
]) {
  test(`the LCP image of ${path} is eager, high priority and preloaded from the served head`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    const preload =
      /<link data-page-head rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/.exec(
        html,
      );
    expect(preload, 'a preload of the LCP image in the head').not.toBeNull();
    const [, href, srcset, sizes] = preload!.map((value) => value.replace(/&amp;/g, '&'));

    await page.goto(path);
    const images = page.locator(`#app-${app} img`);
    await expect(images.first()).toBeVisible();
    // The first image of the page (the largest in its first view) is the one preloaded…
    const first = await images.first().evaluate((image: HTMLImageElement) => ({
      src: image.getAttribute('src'),
      srcset: image.getAttribute('srcset'),
      sizes: image.getAttribute('sizes'),
      loading: image.getAttribute('loading'),
      fetchpriority: image.getAttribute('fetchpriority'),
    }));
    expect(first).toEqual({ src: href, srcset, sizes, loading: 'eager', fetchpriority: 'high' });
    // …and the only one at high priority.
    expect(await page.locator(`#app-${app} img[fetchpriority="high"]`).count()).toBe(1);
  });
}

/** Whether React has adopted a node (hydrated it): React 19 keeps its fiber on the node under `__reactFiber…`. */
const isHydrated = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')));

test.describe('hydration waits for what a phone does not show yet', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('/ hydrates its first screen; the price board, the exchange and the articles when scrolled near, in place', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
    await expect(page.locator('#app-catalogue [data-ssr-url]')).toHaveCount(0);
    await expect.poll(() => isHydrated(page, '#home-categories ~ div a')).toBe(true);
    await settle(page);
    const articleLink = '#home-articles ~ div a[href^="/blog/"]';
    expect(await isHydrated(page, articleLink)).toBe(false);
    const served = await page
      .locator(articleLink)
      .first()
      .evaluate((node) => ((window as unknown as { servedLink?: Element }).servedLink = node) !== null);
    expect(served).toBe(true);

    await page.locator('#home-articles').scrollIntoViewIfNeeded();
    await expect.poll(() => isHydrated(page, articleLink)).toBe(true);
    // The server's node, adopted — not rendered again — and a client-side link now.
    expect(
      await page
        .locator(articleLink)
        .first()
        .evaluate((node) => node === (window as unknown as { servedLink?: Element }).servedLink),
    ).toBe(true);
    const documents: string[] = [];
    page.on('request', (request) => request.resourceType() === 'document' && documents.push(request.url()));
    await page.locator(articleLink).first().click();
    await expect(page.locator('#app-blog article h1')).toBeVisible();
    expect(documents).toEqual([]);
  });

  test('/blog hydrates its first two cards; the others when scrolled near', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.locator('#app-blog [data-ssr-url]')).toHaveCount(0);
    await expect.poll(() => isHydrated(page, '#app-blog ul[aria-label="مقالات"] > li:nth-child(2) a')).toBe(true);
    await settle(page);
    const last = '#app-blog ul[aria-label="مقالات"] > li:last-child a';
    expect(await isHydrated(page, last)).toBe(false);
    await page.locator(last).first().scrollIntoViewIfNeeded();
    await expect.poll(() => isHydrated(page, last)).toBe(true);
  });

  test("an article's body is left as the server sent it, its markdown code not even run; the next article still opens in place", async ({
    page,
    request,
  }) => {
    const js = await recordJavaScript(page);
    await page.goto('/blog/rebar-price-guide');
    await expect(page.locator('#app-blog [data-ssr-url]')).toHaveCount(0);
    await expect.poll(() => isHydrated(page, '#app-blog h1')).toBe(true);
    await settle(page);
    expect(await isHydrated(page, '#app-blog nav[aria-label="فهرست مطالب"]')).toBe(false);
    const markdown = NOT_ON_HOME.find(({ what }) => what === 'markdown')!.source;
    const ran = async () => {
      const libraries = await librariesIn(
        request,
        js.filter((download) => download.type === 'Script').map((download) => download.url),
      );
      return [...libraries].filter(([, sources]) => sources.some((file) => markdown.test(file))).map(([url]) => url);
    };
    expect(await ran()).toEqual([]);
    // New content reaches the waiting body: the pipeline loads then, and the body is rendered in place.
    await page.locator('a[rel="prev"]').click();
    await expect(page.locator('#app-blog h1')).not.toHaveText('راهنمای قیمت میلگرد در بازار آهن');
    await expect(page.locator('#app-blog h1')).toBeVisible();
    await expect(page.locator('#app-blog .prose-steel p').first()).toBeVisible();
    expect(await ran()).not.toEqual([]);
  });
});

/** `/` → a category → a sub-category → a product → `/blog` → an article, by clicks; the JavaScript it downloaded. */
async function walkJourney(page: Page): Promise<Download[]> {
  const js = await recordJavaScript(page);
  await page.goto('/');
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await settle(page);

  await page.locator('header nav a[href="/rebar"]').click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد');
  await page.locator('#app-catalogue a[href="/rebar/ribbed-rebar"]').first().click();
  await expect(page.locator('#app-catalogue h1')).toHaveText('میلگرد آجدار');
  await settle(page);

  await page.locator('#app-catalogue a[href^="/rebar/ribbed-rebar/"]').first().click();
  await expect(page).toHaveURL(/\/rebar\/ribbed-rebar\/[^/]+$/);
  await settle(page);

  await page.locator('footer a[href="/blog"]').click();
  await expect(page.locator('#app-blog h1')).toHaveText('اخبار و مقالات');
  await settle(page);

  await page.locator('#app-blog article h2 a').first().click();
  await expect(page).toHaveURL(/\/blog\/[^/?]+$/);
  await expect(page.locator('#app-blog article h1')).toBeVisible();
  await settle(page);
  return js;
}

/** The scripts over the journey that carry files of `library` (a source file, or a `package/` prefix), by source map. */
function copiesOf(libraries: Map<string, string[]>, library: string): string[] {
  return [...libraries].filter(([, sources]) => sources.some((file) => file.startsWith(library))).map(([url]) => url);
}

test('over / → a sub-category → a product → /blog → an article, no file and no federation-shared library is downloaded twice', async ({
  page,
  request,
}) => {
  const js = await walkJourney(page);
  // A file fetched from the network twice (a prefetch the script load did not reuse) is a copy too.
  const fromNetwork = js.filter((download) => download.bytes > 0).map((download) => download.url);
  expect(
    fromNetwork.filter((url, index) => fromNetwork.indexOf(url) !== index),
    'files downloaded twice',
  ).toEqual([]);

  const libraries = await librariesIn(request, fromNetwork);
  for (const library of [
    'react/cjs/react.production.js',
    'react-dom/cjs/react-dom-client.production.js',
    '@tanstack/query-core/',
    '@tanstack/react-query/',
  ]) {
    expect(copiesOf(libraries, library), library).toHaveLength(1);
  }
});

test("over the same journey, the federation runtime is downloaded once: the shell's, which every remote uses", async ({
  page,
  request,
}) => {
  const js = await walkJourney(page);
  const libraries = await librariesIn(
    request,
    js.filter((download) => download.bytes > 0).map((download) => download.url),
  );
  const runtime = copiesOf(libraries, '@module-federation/runtime-core/');
  expect(runtime.map(appOf)).toEqual(['shell']);
  // Its webpack glue's functions too: each remote entry keeps only the module that assembles them.
  expect(copiesOf(libraries, '@module-federation/webpack-bundler-runtime/dist/remotes.js').map(appOf)).toEqual([
    'shell',
  ]);
  // Shared by version (mf-build/src/shared-dependencies.ts): one copy, from whichever app offered it.
  for (const library of ['react-router/', 'single-spa-react/'])
    expect(copiesOf(libraries, library), library).toHaveLength(1);
  // The kit's remote core (page routes, page data, the lifecycles…), among remotes built from the
  // same kit code: the blog takes the catalogue's copy. The shell keeps its own few names.
  const remoteCoreCopies = [...libraries].filter(([, sources]) =>
    sources.some((file) => /shared\/src\/page-data\/page-routes\.tsx$/.test(file)),
  );
  expect(
    remoteCoreCopies.map(([url]) => appOf(url)),
    'remote core',
  ).toHaveLength(1);
  // Bundled into each app that uses it on purpose: recorded, not asserted.
  test.info().annotations.push({
    type: 'bundled copies over the journey',
    description: JSON.stringify({ 'zod/': copiesOf(libraries, 'zod/').length }),
  });
});

test("pointing at an article link on / fetches the article's data and code, so the click asks the network for nothing of it", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  await settle(page);
  const link = page.locator('#app-catalogue a[href^="/blog/"]').first();
  const slug = (await link.getAttribute('href'))!.split('/').pop()!;
  const articleReads: string[] = [];
  const blogScripts: string[] = [];
  page.on('request', (request) => {
    const url = decodeURIComponent(request.url());
    if (url.includes('/api/articles') && url.includes(slug)) articleReads.push(url);
    if (request.resourceType() === 'script' && appOf(request.url()) === 'blog') blogScripts.push(request.url());
  });

  await link.hover();
  // The blog runs now (the visitor is heading there) and reads the article and its view's code.
  await expect.poll(() => articleReads.length).toBeGreaterThan(0);
  await settle(page);
  const readsBeforeClick = articleReads.length;
  const scriptsBeforeClick = blogScripts.length;
  expect(await federationInstances(page)).toContain('blog');

  await link.click();
  await expect(page.locator('#app-blog article h1')).toBeVisible();
  expect(articleReads.length, 'no read of the article after the click').toBe(readsBeforeClick);
  expect(blogScripts.length, 'no blog script after the click').toBe(scriptsBeforeClick);
});
