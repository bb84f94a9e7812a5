/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION, type AppManifest } from '@steel/contract';
import { writeAppManifest } from './app-manifest';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

/** An app folder with a built server entry that exports these pages (what a real build writes). */
function builtApp(pages: unknown[], navigation?: unknown[]): { root: string; dist: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'app-manifest-'));
  folders.push(root);
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'app', dependencies: {} }));
  fs.writeFileSync(
    path.join(dist, 'server', 'index.js'),
    `exports.contract = ${JSON.stringify(CONTRACT_VERSION)}; exports.pages = ${JSON.stringify(pages)};` +
      (navigation ? ` exports.navigation = ${JSON.stringify(navigation)};` : ''),
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
      chunks: { 'weight-table': ['12.abcd1234.js', 'weight-table.0f0f0f0f.js'], styles: ['styles.1a2b3c4d.js'] },
    });
    expect(manifest.chunks).toEqual({ 'weight-table': ['12.abcd1234.js', 'weight-table.0f0f0f0f.js'] });
    const written = JSON.parse(fs.readFileSync(path.join(dist, 'app-manifest.json'), 'utf8')) as AppManifest;
    expect(written.pages[0]?.chunk).toBe('weight-table');
  });

  it('is refused when a page names a chunk the browser build does not have', () => {
    const { root, dist } = builtApp([page('/weight_table', 'weight-tabel')]);
    expect(() =>
      writeAppManifest('catalogue', root, { dist, chunks: { 'weight-table': ['weight-table.0f0f0f0f.js'] } }),
    ).toThrow(/names the chunk "weight-tabel"/);
  });

  it('has no chunks when no page names one', () => {
    const { root, dist } = builtApp([page('/')]);
    expect(writeAppManifest('blog', root, { dist, chunks: { styles: ['styles.1a2b3c4d.js'] } }).chunks).toBeUndefined();
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
