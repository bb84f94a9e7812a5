/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { FILE_DIGESTS_FILE, type RemoteRegistry } from '@steel/contract';
import { buildServer } from '../app';
import { ConfigError, loadConfig } from '../config';
import { fileDigest } from '../build-files/version-files';
import { liveFixture } from '../testing/fixtures';
import { assetOriginSources, contentSecurityPolicyDirectives } from './security-headers';

const digestOf = async (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * Integrity and origins (docs/architecture.md): each remote's asset origin comes from one list,
 * `ASSET_ORIGINS`; the registry's URLs and the Content-Security-Policy are both derived from it,
 * and the registry carries the digests publish recorded.
 */
describe('ASSET_ORIGINS', () => {
  it('maps remotes to bare origins; an app not named is served by the app server', () => {
    expect(
      loadConfig({ ASSET_ORIGINS: ' catalogue=https://cdn.example.com , blog=http://127.0.0.1:8330/ ' }).assetOrigins,
    ).toEqual({
      catalogue: 'https://cdn.example.com',
      blog: 'http://127.0.0.1:8330',
    });
    expect(loadConfig({}).assetOrigins).toEqual({});
  });

  it.each([
    ['shell=https://cdn.example.com', /not a remote/],
    ['Catalogue=https://cdn.example.com', /not a remote's name/],
    ['shell=https://cdn.example.com', /the shell is always served by the app server/],
    ['catalogue=https://cdn.example.com/steel', /origin/],
    ['catalogue=ftp://cdn.example.com', /origin/],
    ['catalogue=cdn.example.com', /origin/],
    ['catalogue=', /origin/],
    ['catalogue=https://a.example,catalogue=https://b.example', /twice/],
  ])('refuses %s at start', (value, message) => {
    expect(() => loadConfig({ ASSET_ORIGINS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ASSET_ORIGINS: value })).toThrow(message);
  });
});

describe('the Content-Security-Policy derived from the asset origins', () => {
  const config = (env: Record<string, string>) => loadConfig({ SITE_URL: 'https://steel.example.ir', ...env });

  it('lets scripts, manifests, images and fonts come from each asset origin, once, and nothing else', () => {
    const directives = contentSecurityPolicyDirectives(
      config({
        ASSET_ORIGINS:
          'catalogue=https://cdn.example.com,blog=https://cdn.example.com,panel=https://panel-cdn.example.com',
      }),
    );
    for (const name of ['script-src', 'connect-src', 'img-src', 'font-src']) {
      expect(directives[name]!.filter((source) => source.includes('cdn.example.com'))).toEqual([
        'https://cdn.example.com',
        'https://panel-cdn.example.com',
      ]);
    }
    // A remote's CSS arrives inside its JavaScript: no stylesheet origin is opened for it.
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
  });

  it('without ASSET_ORIGINS, remote code comes from the site alone', () => {
    const directives = contentSecurityPolicyDirectives(config({}));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['font-src']).toEqual(["'self'", 'data:']);
  });

  it('names the site itself once, as self', () => {
    expect(assetOriginSources(config({ ASSET_ORIGINS: 'catalogue=https://steel.example.ir' }))).toEqual([]);
  });
});

describe('the registry the browser receives', () => {
  it('points a remote with an asset origin there, with the digests publish recorded; the others at the app server', async () => {
    const fx = await liveFixture({
      SSR: 'off',
      SITE_URL: 'http://127.0.0.1:8080',
      ASSET_ORIGINS: 'catalogue=http://127.0.0.1:8330',
    });
    const app = buildServer(fx.config);
    try {
      const registry = (await app.inject({ url: '/remotes.json' })).json<RemoteRegistry>();
      const version = fx.versions.catalogue;
      const { files: recorded } = JSON.parse(
        await fs.readFile(path.join(fx.buildsDir, 'catalogue', version, 'app-manifest.json'), 'utf8'),
      ) as { files: Record<string, string> };
      expect(registry.catalogue!.entry).toBe(`http://127.0.0.1:8330/builds/catalogue/${version}/mf-manifest.json`);
      expect(registry.catalogue!.integrity).toBe(recorded['mf-manifest.json']);
      expect(registry.catalogue!.integrity).toBe(
        await fileDigest(path.join(fx.buildsDir, 'catalogue', version, 'mf-manifest.json')),
      );
      // The other files' digests travel in the version's file-digests file, vouched for by one digest.
      expect(registry.catalogue).not.toHaveProperty('files');
      expect(registry.catalogue!.filesIntegrity).toBe(recorded[FILE_DIGESTS_FILE]);
      const listed = await app.inject({ url: `/builds/catalogue/${version}/${FILE_DIGESTS_FILE}` });
      expect(listed.statusCode).toBe(200);
      expect(await digestOf(listed.rawPayload)).toBe(registry.catalogue!.filesIntegrity);
      // The scripts and the federation manifest, as publish recorded them; not the CSS inside the
      // bundle, the pre-compressed copies or the build's own records.
      expect(listed.json()).toEqual({
        '__federation_expose_app.3f2a.js': recorded['__federation_expose_app.3f2a.js'],
        'mf-manifest.json': recorded['mf-manifest.json'],
        'remoteEntry.js': recorded['remoteEntry.js'],
      });
      expect(registry.blog!.entry).toBe(`/builds/blog/${fx.versions.blog}/mf-manifest.json`);

      // The served page's CSP lists the same origin.
      const page = await app.inject({ url: '/blog' });
      expect(String(page.headers['content-security-policy'])).toMatch(
        /script-src 'self'[^;]* http:\/\/127\.0\.0\.1:8330/,
      );
    } finally {
      await app.close();
      await fx.cleanup();
    }
  });

  it('lists every file’s digest itself for a live shell built before file-digests files', async () => {
    const fx = await liveFixture({ SSR: 'off' });
    const manifestFile = path.join(fx.buildsDir, 'shell', fx.versions.shell, 'app-manifest.json');
    const shell = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Record<string, unknown>;
    await fs.writeFile(manifestFile, JSON.stringify({ ...shell, contract: '1.6.0' }));
    const app = buildServer(fx.config);
    try {
      const registry = (await app.inject({ url: '/remotes.json' })).json<RemoteRegistry>();
      expect(registry.blog).not.toHaveProperty('filesIntegrity');
      expect(Object.keys(registry.blog!.files ?? {}).sort()).toEqual([
        '__federation_expose_app.3f2a.js',
        'remoteEntry.js',
      ]);
    } finally {
      await app.close();
      await fx.cleanup();
    }
  });

  it('keeps the published digests of files changed afterwards (the browser then refuses them)', async () => {
    const fx = await liveFixture({ SSR: 'off' });
    const app = buildServer(fx.config);
    try {
      const folder = path.join(fx.buildsDir, 'blog', fx.versions.blog);
      const published = JSON.parse(await fs.readFile(path.join(folder, FILE_DIGESTS_FILE), 'utf8')) as Record<
        string,
        string
      >;
      const publishedList = await fileDigest(path.join(folder, FILE_DIGESTS_FILE));
      await fs.appendFile(path.join(folder, 'remoteEntry.js'), ';window.__tampered=1');
      expect(published['remoteEntry.js']).not.toBe(await fileDigest(path.join(folder, 'remoteEntry.js')));
      // A list rewritten to vouch for the changed file is no longer the one the registry names.
      await fs.writeFile(
        path.join(folder, FILE_DIGESTS_FILE),
        JSON.stringify({ ...published, 'remoteEntry.js': await fileDigest(path.join(folder, 'remoteEntry.js')) }),
      );
      const registry = (await app.inject({ url: '/remotes.json' })).json<RemoteRegistry>();
      expect(registry.blog!.filesIntegrity).toBe(publishedList);
      expect(registry.blog!.filesIntegrity).not.toBe(await fileDigest(path.join(folder, FILE_DIGESTS_FILE)));
    } finally {
      await app.close();
      await fx.cleanup();
    }
  });

  it('gives no digests for a version whose manifest records none, nor for a live version whose folder is gone', async () => {
    const fx = await liveFixture({ SSR: 'off' });
    const app = buildServer(fx.config);
    try {
      const manifestFile = path.join(fx.buildsDir, 'panel', fx.versions.panel, 'app-manifest.json');
      const { files: _files, ...unrecorded } = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Record<
        string,
        unknown
      >;
      await fs.writeFile(manifestFile, JSON.stringify(unrecorded));
      const live = JSON.parse(await fs.readFile(path.join(fx.buildsDir, 'live.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      await fs.writeFile(
        path.join(fx.buildsDir, 'live.json'),
        JSON.stringify({
          ...live,
          blog: 'gone00000000',
          rollbackStack: { blog: [fx.versions.blog] },
          updatedAt: Date.now(),
        }),
      );
      const registry = (await app.inject({ url: '/remotes.json' })).json<RemoteRegistry>();
      expect(registry.panel).not.toHaveProperty('integrity');
      expect(registry.panel).not.toHaveProperty('files');
      expect(registry.panel).not.toHaveProperty('filesIntegrity');
      // The gone version keeps its pages (a contained failure) but no other version's digests.
      expect(registry.blog).toMatchObject({
        version: 'gone00000000',
        entry: '/builds/blog/gone00000000/remoteEntry.js',
      });
      expect(registry.blog).not.toHaveProperty('integrity');
    } finally {
      await app.close();
      await fx.cleanup();
    }
  });
});
