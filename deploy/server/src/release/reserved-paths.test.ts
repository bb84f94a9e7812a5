/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { APP_SERVER_PATHS, appServerPathClash } from '@steel/contract';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { APPS_FILE } from '../platform-state/folder-state';
import { readApps, seededApps } from '../live-set/app-registry';
import { addKey, PLATFORM } from '../live-set/deploy-keys';
import { foldersPerTest } from '../testing/builds-dir';
import { fixtureAppManifest, makeDist, writeTree } from '../testing/fixtures';
import { checkVersion } from './gate/check';
import { run } from './cli';
import { readReleaseLog } from './release-log';
import { publish } from './publish';

/** The page route's pattern: every path no other route claims, the apps' pages. */
const PAGE_ROUTE = '/*';

describe("the app server's own names and paths are reserved (the contract's one list)", () => {
  const folders = foldersPerTest();

  it('covers every route the app server registers, the site, the deploy API and the console alike', async () => {
    const server = buildServer(loadConfig({ BUILDS_DIR: folders.buildsDir }));
    const routes: string[] = [];
    // Plugins register their routes when the server gets ready: a hook added now hears each one.
    server.addHook('onRoute', (route) => void routes.push(route.url));
    await server.ready();
    await server.close();

    const own = [...new Set(routes)].filter((url) => url !== PAGE_ROUTE);
    // The walk sees the whole server (a few of each kind), not an empty list.
    expect(own).toEqual(
      expect.arrayContaining([
        '/metrics',
        '/sitemap.xml',
        '/robots.txt',
        '/remotes.json',
        '/builds/latest.json',
        '/api/health',
        '/_/print.pdf',
        '/_/deploy/whoami',
        '/_/console/sign-in',
      ]),
    );
    expect(own.filter((url) => appServerPathClash(url) === null)).toEqual([]);
    // And the list names nothing the page route would render: each entry is a path no page may have.
    for (const reserved of APP_SERVER_PATHS) expect(appServerPathClash(reserved)?.path).toBe(reserved);
  });

  describe('deploy apps add', () => {
    const cli = (...args: string[]) => run([...args, '--builds-dir', folders.buildsDir], () => {});

    it('refuses the names and paths the app server answers, saying what it serves there', async () => {
      const refused = (args: string[], why: string) => expect(cli('apps', 'add', ...args)).rejects.toThrow(why);
      await refused(
        ['api', '--paths', '/api/**'],
        '"api" is reserved by the platform: the app server answers /api/* itself',
      );
      await refused(['builds', '--paths', '/builds/**'], '"builds" is reserved by the platform');
      await refused(
        ['metrics', '--paths', '/metrics/**'],
        `"metrics" is reserved by the platform: the app server answers /metrics itself (Prometheus's metrics)`,
      );
      await refused(['stats', '--paths', '/api/**'], "/api/** is the app server's own: it answers /api/* itself");
      await refused(['stats', '--paths', '/stats/**, /_/**'], "/_/** is the app server's own");
      await refused(
        ['stats', '--paths', '/sitemap.xml'],
        "/sitemap.xml is the app server's own: it answers /sitemap.xml itself (the sitemap)",
      );
      await refused(['stats', '--paths', '/metrics'], "/metrics is the app server's own");
      await refused(['stats', '--paths', '/robots.txt'], "/robots.txt is the app server's own");
      await refused(['stats', '--paths', '/remotes.json'], "/remotes.json is the app server's own");
      await refused(['stats', '--paths', '/builds/stats/**'], "/builds/stats/** is the app server's own");
      await refused(['stats', '--paths', '/.well-known/**'], "/.well-known/** is the app server's own");
      await refused(['stats', '--paths', '/_stats/**'], "/_stats/** is the app server's own");
      expect(await readApps(folders.buildsDir)).toEqual(seededApps());
      expect(await readReleaseLog(folders.buildsDir)).toEqual([]);

      // Beside them, all is as before.
      await cli('apps', 'add', 'stats', '--paths', '/stats/**, /metrics-report');
      expect((await readApps(folders.buildsDir)).at(-1)).toMatchObject({
        name: 'stats',
        paths: ['/stats/**', '/metrics-report'],
      });
    });

    it('refuses them over the deploy API at once: a 400 naming the clash, no job started', async () => {
      const keysFile = path.join(folders.root, 'keys.json');
      const key = await addKey({ buildsDir: folders.buildsDir, keysFile }, PLATFORM, 'platform-team');
      const server: FastifyInstance = buildServer(
        loadConfig({ BUILDS_DIR: folders.buildsDir, DEPLOY_KEYS_FILE: keysFile }),
      );
      try {
        const add = (name: string, paths: string[]) =>
          server.inject({
            method: 'POST',
            url: '/_/deploy/apps',
            headers: { authorization: `Bearer ${key}` },
            payload: { name, paths },
          });
        const metrics = await add('metrics', ['/metrics/**']);
        expect(metrics.statusCode).toBe(400);
        expect(metrics.json()).toEqual({
          error: `"metrics" is reserved by the platform: the app server answers /metrics itself (Prometheus's metrics)`,
        });
        const api = await add('stats', ['/api/**']);
        expect(api.statusCode).toBe(400);
        expect(api.json<{ error: string }>().error).toBe(
          "/api/** is the app server's own: it answers /api/* itself (the app server's API: health and the visitor's session); choose paths below the app's own name",
        );
        expect((await add('stats', ['/sitemap.xml'])).statusCode).toBe(400);
        expect((await add('stats', ['/_/**'])).statusCode).toBe(400);
        const jobs = await fs.readdir(path.join(folders.buildsDir, '.jobs')).catch(() => []);
        expect(jobs).toEqual([]);
        expect(await readApps(folders.buildsDir)).toEqual(seededApps());
      } finally {
        await server.close();
      }
    });
  });

  describe('the deploy gate', () => {
    const page = { rendering: 'server', guards: [], layout: 'default' } as const;
    const feed = {
      title: 'آمار',
      description: 'آمار',
      collection: 'articles',
      sort: ['publishedAt:desc'],
      limit: 10,
      itemPath: '/stats/:slug',
      fields: { title: 'title' },
    };

    /** A `stats` app registered before names were reserved (apps.json as it was written then), and a version of it. */
    async function publishedStats(manifest: Record<string, unknown>): Promise<string> {
      await fs.mkdir(folders.buildsDir, { recursive: true });
      await fs.writeFile(
        path.join(folders.buildsDir, APPS_FILE),
        JSON.stringify([
          ...seededApps(),
          { name: 'stats', paths: ['/stats/**', '/metrics', '/api/**'], addedAt: '', addedBy: 'platform-team' },
        ]),
      );
      const dist = await makeDist(folders.root, 'stats', JSON.stringify(manifest).length.toString(36));
      await writeTree(dist, {
        'app-manifest.json': fixtureAppManifest('stats', manifest),
        'mf-manifest.json': JSON.stringify({ id: 'stats', name: 'stats', exposes: [{ path: './app' }] }),
      });
      return (await publish(folders.buildsDir, 'stats', dist)).version;
    }
    const refusalOf = async (manifest: Record<string, unknown>) =>
      (await checkVersion(folders.buildsDir, 'stats', await publishedStats(manifest), { staticOnly: true })).refusal;

    it('names the clash of a page with a path the app server answers, before blaming anything else', async () => {
      expect(
        await refusalOf({
          pages: [
            { ...page, path: '/stats' },
            { ...page, path: '/metrics', nav: { places: ['header'], label: 'آمار', order: 9 } },
          ],
        }),
      ).toBe(
        "pages: the page /metrics claims /metrics, which the app server answers itself (Prometheus's metrics); no app may claim it, so move it below your app's own paths",
      );
      expect(await refusalOf({ pages: [{ ...page, path: '/api/:report' }] })).toMatch(
        /^pages: the page \/api\/:report claims \/api\/\*, which the app server answers itself/,
      );
      // Within its registered paths and clear of the server's, the same app passes.
      expect(await refusalOf({ pages: [{ ...page, path: '/stats/:report' }] })).toBeNull();
    });

    it('names a feed, a sitemap entry or a navigation link at such a path too', async () => {
      const stats = { ...page, path: '/stats' };
      expect(await refusalOf({ pages: [{ ...stats, feeds: [{ ...feed, path: '/api/stats.xml' }] }] })).toMatch(
        /^pages: the feed \/api\/stats\.xml of \/stats claims \/api\/\*/,
      );
      expect(await refusalOf({ pages: [{ ...stats, sitemap: [{ path: '/robots.txt' }] }] })).toMatch(
        /^pages: the sitemap entry \/robots\.txt of \/stats claims \/robots\.txt/,
      );
      expect(
        await refusalOf({
          pages: [stats],
          navigation: [
            {
              label: 'گزارش‌ها',
              path: '/stats',
              places: ['header'],
              order: 1,
              children: [{ label: 'آمار', path: '/metrics', places: ['header'], order: 1 }],
            },
          ],
        }),
      ).toMatch(/^pages: the navigation link «آمار» \(\/metrics\) claims \/metrics/);
      // A feed outside the app's registered paths is refused as its pages are.
      expect(await refusalOf({ pages: [{ ...stats, feeds: [{ ...feed, path: '/blog/stats.xml' }] }] })).toMatch(
        /^pages: the feed \/blog\/stats\.xml is outside the paths registered for stats/,
      );
    });
  });
});
