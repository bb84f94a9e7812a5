/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION, SLOT_CONTRIBUTIONS, slotContributionsKey, type AppManifest } from '@steel/contract';
import { writeAppManifest } from './app-manifest';
import { chunkNameOf } from './page-weights';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

/** An app folder with a built server entry that exports these pages (what a real build writes). */
function builtApp(pages: unknown[], navigation?: unknown[], contributions?: unknown[]): { root: string; dist: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'app-manifest-'));
  folders.push(root);
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'app', dependencies: {} }));
  fs.writeFileSync(
    path.join(dist, 'server', 'index.js'),
    `exports.contract = ${JSON.stringify(CONTRACT_VERSION)}; exports.pages = ${JSON.stringify(pages)};` +
      (navigation ? ` exports.navigation = ${JSON.stringify(navigation)};` : '') +
      (contributions ? ` exports.contributions = ${JSON.stringify(contributions)};` : ''),
  );
  return { root, dist };
}

const page = (path: string, chunk?: string) => ({
  path,
  rendering: 'server',
  guards: ['cache'],
  layout: 'default',
  ...(chunk ? { chunk } : {}),
});

describe('the app manifest of a build', () => {
  it('records the scripts of the chunks its pages name, and only those', () => {
    const { root, dist } = builtApp([page('/weight_table', 'weight-table'), page('/')]);
    const manifest = writeAppManifest('catalogue', root, {
      dist,
      groups: {
        files: { 'weight-table': ['12.abcd1234.js', 'weight-table.0f0f0f0f.js'], styles: ['styles.1a2b3c4d.js'] },
        entries: [],
      },
    });
    expect(manifest.chunks).toEqual({ 'weight-table': ['12.abcd1234.js', 'weight-table.0f0f0f0f.js'] });
    const written = JSON.parse(fs.readFileSync(path.join(dist, 'app-manifest.json'), 'utf8')) as AppManifest;
    expect(written.pages[0]?.chunk).toBe('weight-table');
  });

  it('is refused when a page names a chunk the browser build does not have', () => {
    const { root, dist } = builtApp([page('/weight_table', 'weight-tabel')]);
    expect(() =>
      writeAppManifest('catalogue', root, {
        dist,
        groups: { files: { 'weight-table': ['weight-table.0f0f0f0f.js'] }, entries: [] },
      }),
    ).toThrow(/names the chunk "weight-tabel"/);
  });

  it('has no chunks when no page names one', () => {
    const { root, dist } = builtApp([page('/')]);
    const groups = { files: { styles: ['styles.1a2b3c4d.js'] }, entries: [] };
    expect(writeAppManifest('blog', root, { dist, groups }).chunks).toBeUndefined();
  });

  it("carries the pages' sitemap and nav declarations and the entry's navigation tree", () => {
    const listed = {
      ...page('/blog'),
      sitemap: [{ path: '/blog', lastmodFrom: 'articles' }],
      nav: { places: ['footer'], label: 'اخبار و مقالات', order: 4 },
    };
    const articles = { ...page('/blog/:slug'), sitemap: [{ collection: 'articles', path: '/blog/:slug' }] };
    const navigation = [{ label: 'ورق', path: '/sheet', places: ['header'], order: 0, children: [] }];
    const { root, dist } = builtApp([listed, articles], navigation);
    const manifest = writeAppManifest('blog', root, { dist });
    expect(manifest.pages).toEqual([listed, articles]);
    expect(manifest.navigation).toEqual(navigation);
  });

  it('is refused when a navigation entry or a sitemap source breaks the schema', () => {
    const { root, dist } = builtApp([{ ...page('/'), sitemap: [{ collection: 'Articles!', path: '/x' }] }]);
    expect(() => writeAppManifest('blog', root, { dist })).toThrow();
    const other = builtApp([page('/')], [{ label: '', path: '/x', places: ['sidebar'], order: 0 }]);
    expect(() => writeAppManifest('blog', other.root, { dist: other.dist })).toThrow();
  });
});

describe("the weight of each page kind's cold visit", () => {
  /** Incompressible text of `bytes` bytes: brotli cannot make it much smaller. */
  const noise = (bytes: number) => {
    let text = '';
    let seed = bytes;
    while (text.length < bytes) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      text += seed.toString(36);
    }
    return text.slice(0, bytes);
  };
  const write = (dist: string, files: Record<string, number>) => {
    for (const [file, bytes] of Object.entries(files)) fs.writeFileSync(path.join(dist, file), noise(bytes));
  };

  it("counts a remote's entry, its exposed app and stylesheet on every page, and a page's own chunk on its page only", () => {
    const { root, dist } = builtApp([page('/', undefined), page('/product/:slug', 'product')]);
    write(dist, {
      'remoteEntry.js': 4000,
      '319.c1b287fa.js': 20000,
      '__federation_expose_app.6417a670.js': 8000,
      'styles.a37d703b.js': 3000,
      'product.fc357c7e.js': 30000,
      'markdown.e93c6333.js': 50000,
    });
    const manifest = writeAppManifest('catalogue', root, {
      dist,
      groups: {
        files: {
          catalogue: ['remoteEntry.js'],
          __federation_expose_app: ['319.c1b287fa.js', '__federation_expose_app.6417a670.js'],
          styles: ['styles.a37d703b.js'],
          product: ['319.c1b287fa.js', 'product.fc357c7e.js'],
          markdown: ['markdown.e93c6333.js'],
        },
        entries: ['catalogue'],
      },
    });
    const home = manifest.weights?.['/'];
    const product = manifest.weights?.['/product/:slug'];
    expect(Object.keys(home?.chunks ?? {}).sort()).toEqual(['319', '__federation_expose_app', 'remoteEntry', 'styles']);
    // A chunk shared with the exposed app is counted once; markdown (browser render only) never.
    expect(Object.keys(product?.chunks ?? {}).sort()).toEqual([
      '319',
      '__federation_expose_app',
      'product',
      'remoteEntry',
      'styles',
    ]);
    expect(product!.js - home!.js).toBe(product!.chunks['product']);
    expect(home!.css).toBe(home!.chunks['styles']);
    // Compressed: base-36 noise keeps most of its size.
    expect(product!.chunks['product']).toBeGreaterThan(15000);
    expect(product!.chunks['product']).toBeLessThan(30000);
  });

  it("counts the kit's remote core on every page of a remote: the shell does not provide it", () => {
    const { root, dist } = builtApp([page('/blog', undefined), page('/blog/:slug', 'article')]);
    write(dist, {
      'remoteEntry.js': 4000,
      '__federation_expose_app.6417a670.js': 8000,
      '275.9c9b793c.js': 12000,
      'styles.a37d703b.js': 3000,
      'article.665d6866.js': 2000,
    });
    const manifest = writeAppManifest('blog', root, {
      dist,
      groups: {
        files: {
          blog: ['remoteEntry.js'],
          __federation_expose_app: ['__federation_expose_app.6417a670.js'],
          'remote-core': ['275.9c9b793c.js'],
          styles: ['styles.a37d703b.js'],
          article: ['article.665d6866.js'],
        },
        entries: ['blog'],
      },
    });
    // Numbered differently by every build, the core's chunks are reported under the group's name.
    for (const kind of ['/blog', '/blog/:slug']) {
      expect(Object.keys(manifest.weights?.[kind]?.chunks ?? {})).toContain('remote-core');
      expect(Object.keys(manifest.weights?.[kind]?.chunks ?? {})).not.toContain('275');
    }
  });

  it("weighs a contributor's ./slots apart from its own pages, under `slots`", () => {
    const { root, dist } = builtApp([page('/inquiry', undefined)]);
    write(dist, {
      'remoteEntry.js': 4000,
      '661.aaaaaaaa.js': 12000,
      '__federation_expose_app.6417a670.js': 8000,
      '__federation_expose_slots.72a167b0.js': 3000,
      '275.9c9b793c.js': 10000,
      'styles.a37d703b.js': 2000,
    });
    const manifest = writeAppManifest('inquiry', root, {
      dist,
      groups: {
        files: {
          inquiry: ['remoteEntry.js'],
          __federation_expose_app: ['661.aaaaaaaa.js', '__federation_expose_app.6417a670.js'],
          __federation_expose_slots: ['661.aaaaaaaa.js', '__federation_expose_slots.72a167b0.js'],
          'remote-core': ['275.9c9b793c.js'],
          styles: ['styles.a37d703b.js'],
        },
        entries: ['inquiry'],
      },
    });
    expect(Object.keys(manifest.weights?.['/inquiry']?.chunks ?? {}).sort()).toEqual([
      '661',
      '__federation_expose_app',
      'remote-core',
      'remoteEntry',
      'styles',
    ]);
    // The core too: a host built from other kit code has none to lend.
    expect(Object.keys(manifest.weights?.[SLOT_CONTRIBUTIONS]?.chunks ?? {}).sort()).toEqual([
      '661',
      '__federation_expose_slots',
      'remote-core',
      'remoteEntry',
      'styles',
    ]);
  });

  it('weighs each slot a contributor fills with its own chunk alone, under `slots:<slot>`', () => {
    const contributions = ['listing.row', 'header.counter'].map((slot) => ({ slot, props: '1.0.0', order: 10 }));
    const { root, dist } = builtApp([page('/inquiry', undefined)], undefined, contributions);
    write(dist, {
      'remoteEntry.js': 4000,
      '__federation_expose_app.6417a670.js': 8000,
      '__federation_expose_slots.72a167b0.js': 1000,
      '275.9c9b793c.js': 10000,
      'styles.a37d703b.js': 2000,
      '89.600b852e.js': 3000,
      'slot-listing-row.1a2b3c4d.js': 2000,
      'slot-header-counter.5e6f7a8b.js': 3000,
    });
    const manifest = writeAppManifest('inquiry', root, {
      dist,
      groups: {
        files: {
          inquiry: ['remoteEntry.js'],
          __federation_expose_app: ['__federation_expose_app.6417a670.js'],
          __federation_expose_slots: ['__federation_expose_slots.72a167b0.js'],
          'remote-core': ['275.9c9b793c.js'],
          styles: ['styles.a37d703b.js'],
          // A chunk both parts pull in, counted once where both are on a page.
          'slot-listing-row': ['89.600b852e.js', 'slot-listing-row.1a2b3c4d.js'],
          'slot-header-counter': ['89.600b852e.js', 'slot-header-counter.5e6f7a8b.js'],
        },
        entries: ['inquiry'],
      },
    });
    const chunksOf = (key: string) => Object.keys(manifest.weights?.[key]?.chunks ?? {}).sort();
    const common = ['__federation_expose_slots', 'remote-core', 'remoteEntry', 'styles'];
    expect(chunksOf(slotContributionsKey('listing.row'))).toEqual(['89', ...common, 'slot-listing-row'].sort());
    expect(chunksOf(slotContributionsKey('header.counter'))).toEqual(['89', ...common, 'slot-header-counter'].sort());
    // No page hosts every slot: the gate adds the slots up per host page kind instead.
    expect(manifest.weights?.[SLOT_CONTRIBUTIONS]).toBeUndefined();
    // The product page's part is not filled: no weight for it.
    expect(manifest.weights?.[slotContributionsKey('product.actions')]).toBeUndefined();
    // Neither part is on the app's own pages.
    expect(chunksOf('/inquiry')).not.toContain('slot-listing-row');
  });

  it("records the shell's entry under every page", () => {
    const { root, dist } = builtApp([]);
    write(dist, { 'main.js': 10000, 'main.51c50d2d.css': 2000, 'posthog.61b1cbba.js': 40000 });
    const manifest = writeAppManifest('shell', root, {
      dist,
      groups: {
        files: { main: ['main.js', 'main.51c50d2d.css'], posthog: ['posthog.61b1cbba.js'] },
        entries: ['main'],
      },
    });
    expect(Object.keys(manifest.weights ?? {})).toEqual(['*']);
    expect(Object.keys(manifest.weights!['*']!.chunks).sort()).toEqual(['main']);
    expect(manifest.weights!['*']!.css).toBeGreaterThan(0);
  });

  it('names a chunk by its file without the content hash', () => {
    expect(chunkNameOf('product.fc357c7e.js')).toBe('product');
    expect(chunkNameOf('367.a353e9f5.js')).toBe('367');
    expect(chunkNameOf('main.js')).toBe('main');
    expect(chunkNameOf('main.51c50d2d.css')).toBe('main');
  });
});
