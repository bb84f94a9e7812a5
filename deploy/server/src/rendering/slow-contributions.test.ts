/** @jest-environment node */
/**
 * A slot contribution cannot slow its hosts (docs/architecture.md, "Extension slots"): a
 * contributor doing 2 s of synchronous work in its server render, forced live beside a host whose
 * pages render a slot, through the real app server and its real render workers. Its first render
 * is over its time limit; from then on it is not rendered at all for this version — the host's
 * pages are rendered without asking it — until its next version. The figures (a product page's
 * uncached render with it live against none) are `npm run bench`'s.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CONTRACT_VERSION } from '@steel/contract';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { addApp } from '../release/apps';
import { activate } from '../release/live-file-writes';
import { publish } from '../release/publish';
import fs from 'node:fs/promises';
import {
  SHELL_HTML,
  addServerEntries,
  fixtureAppManifest,
  liveFixture,
  writeTree,
  type Fixture,
} from '../testing/fixtures';
import { logLines } from '../testing/log-lines';

jest.setTimeout(60_000);

/** The host's page: its own markup around one `product.actions` slot, as the catalogue renders a product. */
const HOST_ENTRY = `exports.contract = ${JSON.stringify(CONTRACT_VERSION)};
exports.pages = [];
exports.render = async ({ url }) => ({
  status: 200,
  html: '<h1>' + url + '</h1><div data-slot="product.actions"><!--steel-slot:0--></div>',
  head: { title: url },
  state: { mutations: [], queries: [] },
  css: '',
  collections: ['products'],
  slots: [{ marker: '<!--steel-slot:0-->', slot: 'product.actions', version: '1.0.0', props: { product: { slug: url } } }],
});
`;

/** A contributor whose server render holds the thread for 2 s, as a careless computation would. */
const BUSY_CONTRIBUTOR = `exports.contract = ${JSON.stringify(CONTRACT_VERSION)};
exports.pages = [];
exports.contributions = [{ slot: 'product.actions', props: '1.0.0', order: 10 }];
exports.renderSlot = async () => {
  const end = Date.now() + 2000;
  while (Date.now() < end);
  return { html: '<button>busy basket</button>', css: '' };
};
`;

/** A CMS that answers nothing the pages need (the host reads none): the server only checks it is there. */
async function quietCms() {
  const server = http.createServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** A shell whose page has the layout's place (the fixture's has none): the host's markup, slots filled, is in the HTML. */
async function shellWithLayout(fx: Fixture): Promise<void> {
  const serverEntry = path.join(fx.buildsDir, 'shell', fx.versions.shell, 'server', 'index.js');
  const dist = await writeTree(path.join(fx.root, 'dist', 'shell', 'with-layout'), {
    'index.html': SHELL_HTML.replace('<div id="root"></div>', '<div id="shell-root"></div>'),
    'main.js': 'console.log("with layout");\n',
    'app-manifest.json': fixtureAppManifest('shell'),
    'server/index.js': await fs.readFile(serverEntry, 'utf8'),
  });
  const { version } = await publish(fx.buildsDir, 'shell', dist);
  await activate(fx.buildsDir, 'shell', version);
}

/** Publishes and makes live (no gate: forced, as a team may) a version of the busy contributor; returns it. */
async function forceBusyContributor(fx: Fixture, tag: string): Promise<string> {
  const dist = await writeTree(path.join(fx.root, 'dist', 'inquiry', tag), {
    'remoteEntry.js': `var inquiry = ${JSON.stringify(tag)};\n`,
    '__federation_expose_app.js': 'export const app = 1;',
    '__federation_expose_slots.js': 'export const slots = 1;',
    'app-manifest.json': fixtureAppManifest('inquiry', {
      pages: [],
      serverEntry: 'server/index.js',
      contributions: [{ slot: 'product.actions', props: '1.0.0', order: 10 }],
    }),
    'server/index.js': BUSY_CONTRIBUTOR,
  });
  const { version } = await publish(fx.buildsDir, 'inquiry', dist);
  await activate(fx.buildsDir, 'inquiry', version);
  return version;
}

describe('a slot contribution that blocks its thread, forced live', () => {
  let fx: Fixture;
  let cms: Awaited<ReturnType<typeof quietCms>>;
  let app: ReturnType<typeof buildServer>;
  const log = logLines();

  beforeAll(async () => {
    fx = await liveFixture();
    await addServerEntries(fx);
    await writeTree(path.join(fx.buildsDir, 'catalogue', fx.versions.catalogue, 'server'), { 'index.js': HOST_ENTRY });
    await shellWithLayout(fx);
    // Keys of its own (none), never the repository's keys file.
    await addApp(
      fx.buildsDir,
      { name: 'inquiry', paths: ['/inquiry/**'] },
      { keys: { buildsDir: fx.buildsDir, keysFile: path.join(fx.buildsDir, 'no-keys.json'), keys: [] } },
    );
    cms = await quietCms();
    app = buildServer(
      loadConfig({
        BUILDS_DIR: fx.buildsDir,
        CMS_INTERNAL_URL: cms.url,
        RENDER_RATE_LIMIT_PER_MINUTE: 'off',
        SSR_THREADS: '1',
        HEALTH_MONITOR: 'off',
      }),
      { logger: log.logger },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await cms.close();
    await fx.cleanup();
  });

  /** An uncached host page: its status, how it was answered, and what its slot holds. */
  const hostPage = async (path: string) => {
    const response = await app.inject({ url: path });
    // What the slot holds: its contributions' elements (the marker is gone once the slot is filled).
    const slot = /<div data-slot="product\.actions">((?:<div data-slot-contribution[^>]*>.*?<\/div>)*)<\/div>/s.exec(
      response.body,
    )?.[1];
    return { status: response.statusCode, render: response.headers['x-render'], slot };
  };
  const slotLines = (version: string) =>
    log.lines
      .filter((line) => line['app'] === 'inquiry' && line['version'] === version)
      .map((line) => `${String(line['url'])}: ${String(line['reason'])}`);
  const disabledCount = async (version: string) =>
    Number(
      new RegExp(`steel_slot_contributions_disabled_total\\{app="inquiry",version="${version}"\\} (\\d+)`).exec(
        (await app.inject({ url: '/metrics' })).body,
      )?.[1] ?? 0,
    );

  it('is over its time limit once, then is not rendered at all for its version: the host pages come whole without it', async () => {
    const version = await forceBusyContributor(fx, 'busy-1');
    const first = await hostPage('/product/one');
    expect(first).toEqual({
      status: 200,
      render: 'server',
      slot: '<div data-slot-contribution="inquiry" data-app="inquiry"></div>',
    });
    for (const path of ['/product/two', '/product/three']) expect(await hostPage(path)).toEqual(first);

    // Each page's slot is left to the browser; after the first render, the contribution is not even asked.
    const lines = slotLines(version);
    expect(lines.filter((line) => / over its 100 ms time limit \(\d+ ms\)$/.test(line))).toHaveLength(1);
    expect(
      lines.filter((line) =>
        /^[^:]+: its render held the thread \d+ ms \(its limit is 100 ms\), so this server renders it no more until its next version$/.test(
          line,
        ),
      ),
    ).toHaveLength(1);
    for (const path of ['/product/two', '/product/three'])
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^${path}: not rendered on this server: its render held the thread`)),
      );
    expect(await disabledCount(version)).toBe(1);
  });

  it('is rendered again, and judged afresh, in its next version', async () => {
    const next = await forceBusyContributor(fx, 'busy-2');
    expect((await hostPage('/product/four')).slot).toBe(
      '<div data-slot-contribution="inquiry" data-app="inquiry"></div>',
    );
    expect(slotLines(next)).toContainEqual(expect.stringMatching(/: over its 100 ms time limit \(\d+ ms\)$/));
    expect(await disabledCount(next)).toBe(1);
  });
});
