/** @jest-environment node */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { publish } from '../release/publish';
import { type Fixture, liveFixture, makeDist, writeTree } from '../testing/fixtures';
import { isPublicBuildFile } from './static-builds';

/** Large enough for publish to write `.br` and `.gz` variants beside it. */
const big = (line: string) => `${line}\n`.repeat(200);

describe('/builds/<app>/<version>/…: only what a browser loads is public', () => {
  let fx: Fixture;
  let version: string;
  const servers: FastifyInstance[] = [];
  const serve = (env: Record<string, string> = {}) => {
    const server = buildServer(loadConfig({ ...env, BUILDS_DIR: fx.buildsDir }));
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    fx = await liveFixture();
    // A catalogue version as the real build writes it: browser files, source maps, the server
    // entry the render workers run, and the build's records beside them.
    const dist = await makeDist(fx.root, 'catalogue', 'maps');
    await writeTree(dist, {
      'remoteEntry.js.map': big('{"version":3,"sources":["webpack://catalogue/./src/secret-logic.ts"]}'),
      'product.3f2a.js': big('export const product = 1;'),
      'product.3f2a.js.map': big('{"version":3,"sources":["webpack://catalogue/./src/product.tsx"]}'),
      'styles.3f2a.css.map': big('{"version":3}'),
      'assets/card.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'fonts/vazirmatn.woff2': Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]),
      'mf-stats.json': big('{"id":"catalogue"}'),
      'release-note.txt': 'what changed\n',
      'server/index.js': big('exports.render = () => "server only";'),
      'server/product.js': 'module.exports = {};\n',
    });
    ({ version } = await publish(fx.buildsDir, 'catalogue', dist));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await fx.cleanup();
  });

  const url = (file: string) => `/builds/catalogue/${version}/${file}`;

  it('answers 404 for the server entry and every file beside it, compressed variants included', async () => {
    const app = serve({ PUBLIC_SOURCE_MAPS: 'on' });
    for (const file of ['server/index.js', 'server/index.js.br', 'server/index.js.gz', 'server/product.js']) {
      const res = await app.inject({ url: url(file), headers: { 'accept-encoding': 'br, gzip' } });
      expect({ file, status: res.statusCode }).toEqual({ file, status: 404 });
      expect(res.body).not.toContain('server only');
    }
  });

  it('answers 404 for source maps by default, and serves them with PUBLIC_SOURCE_MAPS=on', async () => {
    const closed = serve();
    const open = serve({ PUBLIC_SOURCE_MAPS: 'on' });
    for (const file of [
      'remoteEntry.js.map',
      'remoteEntry.js.map.br',
      'remoteEntry.js.map.gz',
      'product.3f2a.js.map',
      'styles.3f2a.css.map',
    ]) {
      const res = await closed.inject({ url: url(file), headers: { 'accept-encoding': 'br, gzip' } });
      expect({ file, status: res.statusCode }).toEqual({ file, status: 404 });
      expect(res.body).not.toContain('secret-logic');
    }
    const map = await open.inject({ url: url('remoteEntry.js.map') });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret-logic');
  });

  it("answers 404 for the build's own records, which only the server reads", async () => {
    const app = serve();
    for (const file of ['app-manifest.json', 'mf-stats.json', 'mf-stats.json.br'])
      expect({ file, status: (await app.inject({ url: url(file) })).statusCode }).toEqual({ file, status: 404 });
  });

  it('serves every file the browser loads: manifest, entry, chunks, CSS, fonts, images and other published files', async () => {
    const app = serve();
    for (const file of [
      'mf-manifest.json',
      'remoteEntry.js',
      'product.3f2a.js',
      'app.css',
      'fonts/vazirmatn.woff2',
      'assets/card.svg',
      'release-note.txt',
    ]) {
      const res = await app.inject({ url: url(file), headers: { 'accept-encoding': 'br, gzip' } });
      expect({ file, status: res.statusCode }).toEqual({ file, status: 200 });
      expect(res.headers['cache-control']).toContain('immutable');
    }
    // The shell's own files too.
    expect((await app.inject({ url: `/builds/shell/${fx.versions.shell}/main.js` })).statusCode).toBe(200);
    expect(
      (await app.inject({ url: `/builds/shell/${fx.versions.shell}/${path.posix.join('fonts', 'vazirmatn.woff2')}` }))
        .statusCode,
    ).toBe(200);
  });

  it('decides by the path the browser asked for (isPublicBuildFile)', () => {
    const closed = { sourceMaps: false };
    expect(isPublicBuildFile('main.js', closed)).toBe(true);
    expect(isPublicBuildFile('main.js.br', closed)).toBe(true);
    expect(isPublicBuildFile('assets/main.css', closed)).toBe(true);
    expect(isPublicBuildFile('mf-manifest.json', closed)).toBe(true);
    expect(isPublicBuildFile('main.js.map', closed)).toBe(false);
    expect(isPublicBuildFile('main.js.map.gz', closed)).toBe(false);
    expect(isPublicBuildFile('main.js.map', { sourceMaps: true })).toBe(true);
    expect(isPublicBuildFile('server/index.js', { sourceMaps: true })).toBe(false);
    expect(isPublicBuildFile('app-manifest.json', { sourceMaps: true })).toBe(false);
    // Only the version folder's own records: a published file of that name deeper down is served.
    expect(isPublicBuildFile('data/app-manifest.json', closed)).toBe(true);
  });
});
