/** @jest-environment node */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { RemoteRegistry, RuntimeConfig } from '@steel/contract';
import { buildServer } from './app';
import { loadConfig } from './config';
import { activate, rollback } from './release/live-file-writes';
import { fileDigest } from './build-files/version-files';
import { publish } from './release/publish';
import { CONTRACT_VERSION, FILE_DIGESTS_FILE } from '@steel/contract';
import { FIXTURE_PAGES, type Fixture, liveFixture, makeDist, tempDir, writeTree } from './testing/fixtures';

/** GET over a real socket with the path exactly as given. */
async function rawGet(app: FastifyInstance, rawPath: string): Promise<{ status: number; body: string }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

function configFrom(html: string): RuntimeConfig {
  const match = /<script type="application\/json" id="runtime-config">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no runtime config in page');
  return JSON.parse(match[1]) as RuntimeConfig;
}

describe('app server with live builds', () => {
  let fx: Fixture;
  let app: FastifyInstance;

  beforeEach(async () => {
    fx = await liveFixture({ CMS_PUBLIC_URL: 'https://cms.example.ir/api', GTM_ID: 'GTM-TEST' });
    app = buildServer(fx.config);
  });
  afterEach(async () => {
    await app.close();
    await fx.cleanup();
  });

  describe('app routes', () => {
    it.each(['/', '/rebar/kalaf', '/panel/order/', '/blog/some-article', '/does-not-exist'])(
      'answers the shell page for %s',
      async (url) => {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('<div id="root">');
      },
    );

    it('embeds a parseable runtime config with the live build id', async () => {
      const res = await app.inject({ url: '/rebar' });
      const config = configFrom(res.body);
      const latest = (await app.inject({ url: '/builds/latest.json' })).json<{ id: string }>();
      expect(config).toEqual({ ...fx.config.runtime, buildId: latest.id });
      expect(config.cmsUrl).toBe('https://cms.example.ir/api');
      expect(config.tagManager).toEqual({ id: 'GTM-TEST' });
      // Inserted in the head, so it exists before any script reads it.
      expect(res.body.indexOf('id="runtime-config"')).toBeLessThan(res.body.indexOf('</head>'));
    });

    it('makes the page Persian and right to left', async () => {
      const res = await app.inject({ url: '/' });
      expect(res.body).toMatch(/<html lang="fa" dir="rtl">/);
      expect(res.body).not.toContain('lang="en"');
    });

    it('escapes config values so they cannot close the script element', async () => {
      await app.close();
      const evil = '</script><script>alert(1)</script>\u2028<!--';
      app = buildServer(loadConfig({ BUILDS_DIR: fx.buildsDir, CHAT_SRC: evil }));
      const res = await app.inject({ url: '/' });
      const script = /id="runtime-config">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
      expect(script).not.toContain('<');
      expect(script).not.toContain('\u2028');
      expect(configFrom(res.body).chat?.src).toBe(evil);
    });

    it('revalidates the page with an etag', async () => {
      const first = await app.inject({ url: '/' });
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const second = await app.inject({ url: '/sheet', headers: { 'if-none-match': etag } });
      expect(second.statusCode).toBe(304);
    });

    it.each(['/foo.js', '/favicon.ico', '/rebar/kalaf.png', '/api/nothing', '/builds/nothing', '/_internal'])(
      'answers 404 (not HTML) for %s',
      async (url) => {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).not.toMatch(/html/);
        expect(res.body).not.toContain('<html');
      },
    );
  });

  describe('manifests', () => {
    it('serves /remotes.json with each live remote, never cached, CORS open', async () => {
      const res = await app.inject({ url: '/remotes.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const entry = async (app: 'catalogue' | 'blog' | 'panel') => {
        const digest = (file: string) => fileDigest(path.join(fx.buildsDir, app, fx.versions[app], file));
        return {
          version: fx.versions[app],
          entry: `/builds/${app}/${fx.versions[app]}/mf-manifest.json`,
          // Two digests per remote: the entry's and its file-digests file's, which lists the rest.
          integrity: await digest('mf-manifest.json'),
          filesIntegrity: await digest(FILE_DIGESTS_FILE),
          contract: CONTRACT_VERSION,
          shared: { react: { version: '19.3.1', requiredVersion: '^19.3.1' } },
          pages: FIXTURE_PAGES[app],
        };
      };
      expect(res.json()).toEqual({
        catalogue: await entry('catalogue'),
        blog: await entry('blog'),
        panel: await entry('panel'),
      });
    });

    it('serves /builds/latest.json with id and timestamp, never cached', async () => {
      const res = await app.inject({ url: '/builds/latest.json?1700000000000' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const live = JSON.parse(await fs.readFile(path.join(fx.buildsDir, 'live.json'), 'utf8')) as { updatedAt: number };
      const body = res.json<{ id: string; timestamp: number }>();
      expect(body.id).toMatch(/^[0-9a-f]{12}$/);
      expect(body.timestamp).toBe(live.updatedAt);
    });

    it('falls back to remoteEntry.js when a remote has no mf-manifest.json', async () => {
      const dist = await makeDist(fx.root, 'blog', 'no-manifest');
      await fs.rm(path.join(dist, 'mf-manifest.json'));
      const { version } = await publish(fx.buildsDir, 'blog', dist);
      await activate(fx.buildsDir, 'blog', version);
      const res = await app.inject({ url: '/remotes.json' });
      expect(res.json<RemoteRegistry>().blog).toMatchObject({
        version,
        entry: `/builds/blog/${version}/remoteEntry.js`,
      });
    });
  });

  describe('deploys without a restart', () => {
    it('activate changes latest.json, remotes.json and the page build id; rollback restores them', async () => {
      const before = (await app.inject({ url: '/builds/latest.json' })).json<{ id: string; timestamp: number }>();

      const { version } = await publish(fx.buildsDir, 'catalogue', await makeDist(fx.root, 'catalogue', 'v2'));
      await activate(fx.buildsDir, 'catalogue', version);

      const after = (await app.inject({ url: '/builds/latest.json' })).json<{ id: string; timestamp: number }>();
      expect(after.id).not.toBe(before.id);
      expect(after.timestamp).toBeGreaterThanOrEqual(before.timestamp);
      expect((await app.inject({ url: '/remotes.json' })).json<RemoteRegistry>().catalogue!.version).toBe(version);
      expect(configFrom((await app.inject({ url: '/' })).body).buildId).toBe(after.id);

      await rollback(fx.buildsDir, 'catalogue');
      const rolled = (await app.inject({ url: '/builds/latest.json' })).json<{ id: string }>();
      expect(rolled.id).toBe(before.id);
      expect((await app.inject({ url: '/remotes.json' })).json<RemoteRegistry>().catalogue!.version).toBe(
        fx.versions.catalogue,
      );
    });

    it('serves the new shell template after the shell is activated', async () => {
      const { version } = await publish(fx.buildsDir, 'shell', await makeDist(fx.root, 'shell', 'v2'));
      await activate(fx.buildsDir, 'shell', version);
      const res = await app.inject({ url: '/' });
      expect(res.body).toContain('data-tag="v2"');
      expect((await app.inject({ url: '/api/health' })).json<{ builds: Record<string, string> }>().builds.shell).toBe(
        version,
      );
    });

    it('keeps the last good live set when live.json is broken by hand', async () => {
      const before = (await app.inject({ url: '/builds/latest.json' })).json<{ id: string }>();
      await fs.writeFile(path.join(fx.buildsDir, 'live.json'), '{ broken');
      const res = await app.inject({ url: '/builds/latest.json' });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ id: string }>().id).toBe(before.id);
    });
  });

  describe('versioned builds', () => {
    it('serves files immutable, with CORS and the right content types', async () => {
      const cases: [string, RegExp][] = [
        [`/builds/catalogue/${fx.versions.catalogue}/remoteEntry.js`, /^application\/javascript|^text\/javascript/],
        [`/builds/catalogue/${fx.versions.catalogue}/mf-manifest.json`, /^application\/json/],
        [`/builds/catalogue/${fx.versions.catalogue}/app.css`, /^text\/css/],
        [`/builds/shell/${fx.versions.shell}/fonts/vazirmatn.woff2`, /^font\/woff2/],
        [`/builds/shell/${fx.versions.shell}/assets/logo.svg`, /^image\/svg\+xml/],
        [`/builds/shell/${fx.versions.shell}/index.html`, /^text\/html/],
      ];
      for (const [url, type] of cases) {
        const res = await app.inject({ url });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
        expect(res.headers['content-type']).toMatch(type);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
    });

    it('answers a missing chunk with a plain 404, never the shell page', async () => {
      const res = await app.inject({
        url: `/builds/catalogue/${fx.versions.catalogue}/__federation_expose_gone.abc.js`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('<html');
    });

    it('answers 404 for unknown apps and versions', async () => {
      for (const url of ['/builds/other/v1/a.js', `/builds/catalogue/000000000000/remoteEntry.js`]) {
        expect((await app.inject({ url })).statusCode).toBe(404);
      }
    });

    // Sent raw over a socket: inject() and browsers would normalise the dot segments away.
    it.each([
      '/builds/shell/../../etc/passwd',
      '/builds/shell/%2e%2e/%2e%2e/etc/passwd',
      '/builds/shell/%2E%2E%2F%2E%2E%2Fetc/passwd',
      '/builds/shell/VERSION/../../../etc/passwd',
      '/builds/shell/VERSION/../../live.json',
      '/builds/shell/VERSION/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/builds/shell/VERSION/%2e%2e/%2e%2e/live.json',
      '/builds/shell/VERSION/..%5C..%5Clive.json',
      '/builds/shell/VERSION/%252e%252e/%252e%252e/live.json',
      '/builds/shell/VERSION/%00index.html',
      '/builds/shell/VERSION/.hidden',
      '/builds/shell/VERSION//etc/passwd',
    ])('refuses path traversal: %s', async (url) => {
      await fs.writeFile(path.join(fx.buildsDir, 'shell', fx.versions.shell, '.hidden'), 'secret');
      const res = await rawGet(app, url.replace('VERSION', fx.versions.shell));
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('root:');
      expect(res.body).not.toContain('updatedAt');
      expect(res.body).not.toContain('secret');
    });

    it('compresses with gzip and brotli when accepted, and not otherwise', async () => {
      const url = `/builds/catalogue/${fx.versions.catalogue}/remoteEntry.js`;
      const plain = await app.inject({ url });
      expect(plain.headers['content-encoding']).toBeUndefined();

      const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

      const br = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    });

    it('compresses large dynamic responses too', async () => {
      // A build published without pre-compressed files: compressed on the fly.
      const dist = await makeDist(fx.root, 'panel', 'raw');
      const { version } = await publish(fx.buildsDir, 'panel', dist, { compress: false });
      const url = `/builds/panel/${version}/remoteEntry.js`;
      const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('var panel');
    });

    it('does not compress tiny responses', async () => {
      // (/remotes.json is not tiny any more: it carries each remote's pages.)
      const res = await app.inject({ url: '/builds/latest.json', headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['content-encoding']).toBeUndefined();
    });
  });

  describe('SEO files and health', () => {
    it('serves robots.txt with the sitemap URL', async () => {
      await app.close();
      app = buildServer(loadConfig({ BUILDS_DIR: fx.buildsDir, SITE_URL: 'https://ahanonline.example/' }));
      const res = await app.inject({ url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('User-agent: *');
      expect(res.body).toContain('Allow: /');
      expect(res.body).toContain('Sitemap: https://ahanonline.example/sitemap.xml');
    });

    it('answers 503 for the sitemap and the feed while the CMS cannot answer, never a list with pages missing', async () => {
      await app.close();
      // Nothing listens on port 9 (discard): the CMS is down.
      app = buildServer(loadConfig({ BUILDS_DIR: fx.buildsDir, CMS_INTERNAL_URL: 'http://127.0.0.1:9/api' }));
      for (const url of ['/sitemap.xml', '/blog/rss.xml']) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('60');
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });

    it('reports the live builds on /api/health', async () => {
      const res = await app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', builds: fx.versions, pid: process.pid });
    });
  });
});

describe('app server without a live build', () => {
  let root: string;
  let app: FastifyInstance;

  beforeEach(async () => {
    root = await tempDir();
    app = buildServer(loadConfig({ BUILDS_DIR: path.join(root, 'builds') }));
  });
  afterEach(async () => {
    await app.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('answers app routes with 503 and a bilingual message', async () => {
    const res = await app.inject({ url: '/rebar' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('سایت در حال به‌روزرسانی است');
    expect(res.body).toContain('No build is live yet: run <code>npm run build</code>');
  });

  it('answers /api/health with 503', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      builds: { shell: null, catalogue: null, blog: null, panel: null },
      pid: process.pid,
    });
  });

  it('answers an empty registry and a 404 manifest', async () => {
    expect((await app.inject({ url: '/remotes.json' })).json()).toEqual({});
    expect((await app.inject({ url: '/builds/latest.json' })).statusCode).toBe(404);
  });

  it('answers 503 when the live shell folder is missing, and recovers once it is published', async () => {
    const buildsDir = path.join(root, 'builds');
    await writeTree(buildsDir, { 'live.json': JSON.stringify({ shell: 'abc123', updatedAt: 1 }) });
    expect((await app.inject({ url: '/' })).statusCode).toBe(503);

    const { version } = await publish(buildsDir, 'shell', await makeDist(root, 'shell'));
    await activate(buildsDir, 'shell', version);
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="runtime-config"');
  });
});
