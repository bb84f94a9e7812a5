/**
 * Tiny but real builds for tests: a shell with an index.html and remotes with a
 * remoteEntry.js + mf-manifest.json, published and activated with the real deploy tooling.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ServerConfig, loadConfig } from '../config';
import { activate } from '../release/live-file-writes';
import type { AppName } from '../live-set/builds-folder';
import { publish } from '../release/publish';
import { CONTRACT_VERSION, type PageRoute } from '@steel/contract';

export const SHELL_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>فولاد</title><script defer src="main.js"></script></head>
<body><div id="root"></div></body></html>
`;

export async function tempDir(prefix = 'steel-server-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

export async function writeTree(dir: string, files: Record<string, string | Buffer>): Promise<string> {
  for (const [rel, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await fs.writeFile(path.join(dir, rel), content);
  }
  return dir;
}

/** The pages each fixture remote owns, as its app-manifest.json publishes them. */
export const FIXTURE_PAGES: Record<FixtureApp, PageRoute[]> & Record<AppName, PageRoute[]> = {
  shell: [],
  catalogue: [
    { path: '/', rendering: 'server', guards: ['cache'], layout: 'default' },
    { path: '/rebar/*', rendering: 'server', guards: ['cache'], layout: 'default' },
  ],
  blog: [
    {
      path: '/blog',
      rendering: 'server',
      guards: ['cache'],
      layout: 'default',
      query: ['page', 'tag'],
      sitemap: [{ path: '/blog', lastmodFrom: 'articles' }],
      feeds: [
        {
          path: '/blog/rss.xml',
          title: 'اخبار و مقالات | بازار آهن‌آلات',
          description: 'اخبار بازار آهن، راهنمای خرید و مقالات تخصصی محصولات فولادی.',
          collection: 'articles',
          sort: ['publish_date:desc', 'id:desc'],
          limit: 20,
          itemPath: '/blog/:slug',
          fields: {
            title: 'title',
            description: 'excerpt',
            published: 'publish_date',
            author: 'author',
            categories: 'tags',
          },
        },
      ],
    },
    {
      path: '/blog/:slug',
      rendering: 'server',
      guards: ['cache'],
      layout: 'default',
      sitemap: [{ collection: 'articles', path: '/blog/:slug' }],
    },
  ],
  panel: [
    { path: '/login/*', rendering: 'browser', guards: [], layout: 'default' },
    { path: '/panel', rendering: 'browser', guards: ['auth'], layout: 'auth' },
  ],
};

/** What a real build writes beside its files (mf-build/src/app-manifest.ts). */
export function fixtureAppManifest(app: AppName, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    app,
    contract: CONTRACT_VERSION,
    shared: { react: { version: '19.3.1', requiredVersion: '^19.3.1' } },
    pages: FIXTURE_PAGES[app] ?? [],
    serverEntry: null,
    ...overrides,
  });
}

/** A dist folder for `app`; `tag` makes its content (hence its version) distinct. */
export async function makeDist(root: string, app: AppName, tag = 'v1'): Promise<string> {
  const dir = path.join(root, 'dist', app, tag);
  if (app === 'shell') {
    return writeTree(dir, {
      'index.html': SHELL_HTML.replace('<body>', `<body data-tag="${tag}">`),
      'main.js': `console.log(${JSON.stringify(tag)});\n`.repeat(200),
      'fonts/vazirmatn.woff2': Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]),
      'assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'app-manifest.json': fixtureAppManifest(app),
    });
  }
  return writeTree(dir, {
    'remoteEntry.js': `var ${app} = ${JSON.stringify(tag)};\n`.repeat(100),
    'mf-manifest.json': JSON.stringify({ id: app, name: app, metaData: { tag } }),
    '__federation_expose_app.3f2a.js': 'export const app = 1;',
    'app.css': `.${app}{color:red}`,
    'app-manifest.json': fixtureAppManifest(app),
  });
}

export async function publishAndActivate(buildsDir: string, root: string, app: AppName, tag = 'v1'): Promise<string> {
  const { version } = await publish(buildsDir, app, await makeDist(root, app, tag));
  await activate(buildsDir, app, version);
  return version;
}

/** The apps a fixture builds folder has live: this repository's own. */
export type FixtureApp = 'shell' | 'catalogue' | 'blog' | 'panel';

export interface Fixture {
  root: string;
  buildsDir: string;
  config: ServerConfig;
  versions: Record<FixtureApp, string>;
  cleanup(): Promise<void>;
}

/** A BUILDS_DIR with all four apps live. */
export async function liveFixture(env: Record<string, string> = {}): Promise<Fixture> {
  const root = await tempDir();
  const buildsDir = path.join(root, 'builds');
  const versions = {} as Record<FixtureApp, string>;
  for (const app of ['shell', 'catalogue', 'blog', 'panel'] as const) {
    versions[app] = await publishAndActivate(buildsDir, root, app);
  }
  return {
    root,
    buildsDir,
    versions,
    // Keys of the fixture's own (none until a test adds some), never the repository's
    // .deploy-keys.json, which `npm start` fills when it puts the inquiry app live.
    config: loadConfig({ DEPLOY_KEYS_FILE: path.join(root, 'keys.json'), ...env, BUILDS_DIR: buildsDir }),
    // Retried: a render worker or a log flush of a server just closed may still be writing there.
    cleanup: () => fs.rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }),
  };
}

/**
 * A shell's route decision as the real one makes it, in short: the live app whose page pattern
 * (`/a/:b`, `/a/*`) matches the path, or the shell's 404 when none does.
 */
const PAGES_ROUTE_DECIDER = `exports.decideRoute = (url, pages) => {
  const segments = url.split('?')[0].split('/').filter(Boolean);
  const matches = (pattern) => {
    const parts = pattern.split('/').filter(Boolean);
    const rest = parts.at(-1) === '*';
    const fixed = rest ? parts.slice(0, -1) : parts;
    if (rest ? segments.length < fixed.length : segments.length !== fixed.length) return false;
    return fixed.every((part, i) => part.startsWith(':') || part === segments[i]);
  };
  for (const [app, routes] of Object.entries(pages))
    if (routes.some((route) => matches(route.path))) return { redirect: null, app, rendering: 'server', status: 200 };
  return { redirect: null, app: null, rendering: 'server', status: 404 };
};`;

/**
 * Gives a live fixture tiny server entries, so its pages are rendered by the real render workers:
 * every path belongs to the catalogue, whose render reads `GET {cmsUrl}/content?url=…` and puts
 * the answer's text into the page (a failed read is the 503 a real remote reports). With
 * `routeBy: 'pages'` the shell routes by the live apps' pages instead (a path nobody owns is 404).
 */
export async function addServerEntries(fx: Fixture, { routeBy }: { routeBy?: 'pages' } = {}): Promise<void> {
  const entry = (app: FixtureApp) => path.join(fx.buildsDir, app, fx.versions[app], 'server', 'index.js');
  await writeTree(path.dirname(entry('shell')), {
    'index.js': `exports.contract = ${JSON.stringify(CONTRACT_VERSION)};
${routeBy === 'pages' ? PAGES_ROUTE_DECIDER : "exports.decideRoute = () => ({ redirect: null, app: 'catalogue', rendering: 'server', status: 200 });"}
exports.renderShell = (request) => ({
  html: '<main>' + (request.error ? 'error ' + request.error.statusCode : request.remote ? request.remote.html : '') + '</main>',
  error: request.error ? { ...request.error, url: request.url } : null,
  title: null,
});
`,
  });
  await writeTree(path.dirname(entry('catalogue')), {
    'index.js': `exports.contract = ${JSON.stringify(CONTRACT_VERSION)};
exports.pages = [];
// As mf-shared's ContentUnavailableError: the CMS's own error, when it answered, is the cause.
const unavailable = (message, cause) => Object.assign(new Error(message, { cause }), { statusCode: 503 });
exports.render = async ({ url, cmsUrl }) => {
  const response = await fetch(cmsUrl + '/content?url=' + encodeURIComponent(url)).catch((error) => {
    throw unavailable('the CMS did not answer: ' + error.message);
  });
  if (!response.ok) throw unavailable('the CMS answered ' + response.status, { status: response.status });
  const text = await response.text();
  return { status: 200, html: '<p>' + text + '</p>', head: { title: text }, state: { mutations: [], queries: [] }, css: '', collections: ['pages'] };
};
`,
  });
}

/**
 * Publishes another catalogue version (after addServerEntries) that renders like the live one but
 * starts each page's title with `mark`: a page rendered by it and served as another shows.
 */
export async function publishMarkedCatalogue(fx: Fixture, mark: string): Promise<string> {
  const version = (await publish(fx.buildsDir, 'catalogue', await makeDist(fx.root, 'catalogue', mark))).version;
  const liveEntry = path.join(fx.buildsDir, 'catalogue', fx.versions.catalogue, 'server', 'index.js');
  const markedEntry = path.join(fx.buildsDir, 'catalogue', version, 'server', 'index.js');
  await fs.mkdir(path.dirname(markedEntry), { recursive: true });
  await fs.writeFile(
    markedEntry,
    (await fs.readFile(liveEntry, 'utf8')).replace(
      'head: { title: text }',
      `head: { title: ${JSON.stringify(`${mark} `)} + text }`,
    ),
  );
  return version;
}
