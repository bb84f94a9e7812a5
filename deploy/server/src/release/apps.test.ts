/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { APPS_FILE } from '../platform-state/folder-state';
import { readApps } from '../live-set/app-registry';
import { readLive } from '../live-set/builds-folder';
import { addKey, PLATFORM, storedKeys } from '../live-set/deploy-keys';
import { foldersPerTest } from '../testing/builds-dir';
import { parseAppManifest } from '@steel/contract';
import { addServerEntries, type Fixture, fixtureAppManifest, liveFixture, makeDist } from '../testing/fixtures';
import { registeredPathsRule } from './gate/static-rules';
import { run } from './cli';
import { RemoteError } from './deploy-api-client';
import { localUser, readReleaseLog } from './release-log';

describe('apps are data: deploy apps add | list | remove', () => {
  describe('on the builds folder (the CLI on the server machine)', () => {
    const folders = foldersPerTest();
    let lines: string[];
    const log = (line: string) => lines.push(line);
    // The site's keys are this test's own file, never the repository's default one.
    const cli = (...args: string[]) =>
      run([...args, '--builds-dir', folders.buildsDir], log, {
        ...process.env,
        DEPLOY_KEYS_FILE: path.join(folders.root, 'keys.json'),
      });
    beforeEach(() => {
      lines = [];
    });

    it('starts from the seeded apps, registers one with its paths, and records who did it', async () => {
      await cli('apps', 'list');
      expect(lines.map((line) => line.split(/\s+/)[0])).toEqual(['catalogue', 'blog', 'panel']);
      // Listing writes nothing: an existing install keeps working from the seed.
      await expect(fs.access(path.join(folders.buildsDir, APPS_FILE))).rejects.toThrow();

      await cli('apps', 'add', 'guides', '--paths', '/guides/**', '--owner', 'guides-team');
      expect(lines.at(-1)).toMatch(/^Registered guides: it may claim \/guides\/\*\*/);
      const guides = (await readApps(folders.buildsDir)).find((app) => app.name === 'guides');
      expect(guides).toMatchObject({
        name: 'guides',
        paths: ['/guides/**'],
        owner: 'guides-team',
        addedBy: localUser(),
      });
      expect((await readApps(folders.buildsDir)).map((app) => app.name)).toEqual([
        'catalogue',
        'blog',
        'panel',
        'guides',
      ]);
      const [line] = await readReleaseLog(folders.buildsDir, 'guides');
      expect(line).toMatchObject({ action: 'app-add', app: 'guides', paths: ['/guides/**'], by: localUser() });

      lines = [];
      await cli('log', 'guides');
      expect(lines).toEqual([expect.stringMatching(/app-add +guides +registered, paths \/guides\/\*\* {2}by /)]);
    });

    it('refuses a bad or reserved name, a taken name, a path another app claims, and no paths', async () => {
      const refused = (args: string[], why: RegExp) => expect(cli('apps', 'add', ...args)).rejects.toThrow(why);
      await refused(['shell', '--paths', '/shell/**'], /"shell" is reserved/);
      await refused(['platform', '--paths', '/platform/**'], /"platform" is reserved/);
      await refused(['Guides', '--paths', '/guides/**'], /lower-case letter/);
      await refused(['g', '--paths', '/g/**'], /2 to 31 characters/);
      await refused(['blog', '--paths', '/news/**'], /blog is already registered/);
      await refused(['news', '--paths', '/blog/archive/**'], /\/blog\/archive\/\*\* overlaps blog's paths/);
      await refused(['news', '--paths', '/**'], /may not claim every path/);
      await refused(['news', '--paths', '/news/*'], /A path pattern is/);
      await refused(['news'], /apps add needs a name and the paths/);
      expect(await readReleaseLog(folders.buildsDir)).toEqual([]);
    });

    it('stores builds and keys of registered apps only, and removes an app that is not live', async () => {
      await expect(cli('publish', 'guides', await makeDist(folders.root, 'guides'))).rejects.toThrow(
        /"guides" is not a registered app/,
      );
      const keysFile = path.join(folders.root, 'keys.json');
      await expect(cli('keys', 'add', 'guides', 'guides-team')).rejects.toThrow(/"guides" is not a registered app/);

      await cli('apps', 'add', 'guides', '--paths', '/guides/**');
      await cli('publish', 'guides', await makeDist(folders.root, 'guides'));
      expect(lines.at(-1)).toMatch(/^Published guides [0-9a-f]{12}/);
      await cli('keys', 'add', 'guides', 'guides-team');
      await cli('keys', 'add', PLATFORM, 'platform-team');

      // Published but never live: nothing to force. Its key goes with it; the platform's stays.
      await cli('apps', 'remove', 'guides');
      expect(lines.slice(-2)).toEqual([
        'Removed guides: its paths are 404 and it left /remotes.json',
        'Revoked its keys (guides-team): their console sessions and overrides end now',
      ]);
      expect((await storedKeys({ buildsDir: folders.buildsDir, keysFile })).map((key) => key.name)).toEqual([
        'platform-team',
      ]);
      expect((await readApps(folders.buildsDir)).map((app) => app.name)).not.toContain('guides');
      expect((await readReleaseLog(folders.buildsDir, 'guides')).map((entry) => entry.action)).toEqual([
        'app-add',
        'publish',
        'app-remove',
      ]);
      await expect(cli('apps', 'remove', 'guides')).rejects.toThrow(/guides is not a registered app/);
    });
  });

  it("the gate refuses a remote's page outside the paths registered for it", () => {
    const page = { rendering: 'server', guards: [], layout: 'default' } as const;
    const manifest = parseAppManifest(
      JSON.parse(
        fixtureAppManifest('guides', {
          pages: [
            { ...page, path: '/guides/:slug' },
            { ...page, path: '/rules' },
          ],
        }),
      ),
    );
    const guides = { name: 'guides', paths: ['/guides/**'], addedAt: '', addedBy: '' };
    expect(registeredPathsRule(manifest, guides)).toBe(
      'pages: /rules is outside the paths registered for guides (/guides/**); move the page there, or ask the platform team to register its path',
    );
    expect(registeredPathsRule(manifest, { ...guides, paths: ['/guides/**', '/rules'] })).toBeNull();
    expect(registeredPathsRule(manifest, null)).toMatch(/^apps: guides is not a registered app/);
  });

  describe('a live app', () => {
    let fx: Fixture;
    let server: FastifyInstance;
    beforeEach(async () => {
      fx = await liveFixture();
      // The shell decides 404 for a path no live app's pages claim, as the real one does.
      await addServerEntries(fx, { routeBy: 'pages' });
      server = buildServer(fx.config);
    });
    afterEach(async () => {
      await server.close();
      await fx.cleanup();
    });

    it('is removed only when forced; then its paths are 404 and it leaves /remotes.json', async () => {
      expect(Object.keys((await server.inject({ url: '/remotes.json' })).json<object>())).toContain('blog');
      expect((await server.inject({ url: '/blog' })).statusCode).toBe(200);

      const env = { ...process.env, DEPLOY_KEYS_FILE: path.join(fx.root, 'keys.json') };
      await expect(run(['apps', 'remove', 'blog', '--builds-dir', fx.buildsDir], () => {}, env)).rejects.toThrow(
        `blog is live (${fx.versions.blog}): its pages would go 404 — remove it with --force "<reason>"`,
      );
      expect((await server.inject({ url: '/blog' })).statusCode).toBe(200);

      const lines: string[] = [];
      await run(
        ['apps', 'remove', 'blog', '--force', 'the blog moves out', '--builds-dir', fx.buildsDir],
        (line) => lines.push(line),
        env,
      );
      expect(lines).toEqual([
        `Removed blog (${fx.versions.blog} was live; forced: the blog moves out): its paths are 404 and it left /remotes.json`,
      ]);
      expect((await readLive(fx.buildsDir))?.versions).toEqual({
        shell: fx.versions.shell,
        catalogue: fx.versions.catalogue,
        panel: fx.versions.panel,
      });
      expect(Object.keys((await server.inject({ url: '/remotes.json' })).json<object>()).sort()).toEqual([
        'catalogue',
        'panel',
      ]);
      expect((await server.inject({ url: '/blog' })).statusCode).toBe(404);
      expect((await server.inject({ url: '/blog/some-article' })).statusCode).toBe(404);
      expect((await server.inject({ url: '/panel' })).statusCode).toBe(200);
      expect((await readReleaseLog(fx.buildsDir, 'blog')).at(-1)).toMatchObject({
        action: 'app-remove',
        version: fx.versions.blog,
        previous: fx.versions.blog,
        forced: 'the blog moves out',
        paths: ['/blog/**'],
      });
    });

    it('leaves the live set when apps.json drops it, whoever edited the file', async () => {
      const apps = await readApps(fx.buildsDir);
      await fs.writeFile(
        path.join(fx.buildsDir, APPS_FILE),
        JSON.stringify(apps.filter((app) => app.name !== 'panel')),
      );
      expect(Object.keys((await server.inject({ url: '/remotes.json' })).json<object>()).sort()).toEqual([
        'blog',
        'catalogue',
      ]);
      expect((await server.inject({ url: '/panel' })).statusCode).toBe(404);
    });
  });

  describe('through the deploy API (--server), with the platform key', () => {
    let fx: Fixture;
    let server: FastifyInstance;
    let url: string;
    const keys = {} as Record<'platform' | 'blog', string>;
    beforeEach(async () => {
      fx = await liveFixture();
      await addServerEntries(fx, { routeBy: 'pages' });
      const keysFile = path.join(fx.root, 'keys.json');
      keys.platform = await addKey({ buildsDir: fx.buildsDir, keysFile }, PLATFORM, 'platform-team');
      keys.blog = await addKey({ buildsDir: fx.buildsDir, keysFile }, 'blog', 'blog-team');
      server = buildServer(loadConfig({ BUILDS_DIR: fx.buildsDir, DEPLOY_KEYS_FILE: keysFile }));
      await server.listen({ port: 0, host: '127.0.0.1' });
      const address = server.server.address();
      url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterEach(async () => {
      await server.close();
      await fx.cleanup();
    });
    const remoteCli = async (key: 'platform' | 'blog', ...args: string[]) => {
      const lines: string[] = [];
      await run([...args, '--server', url], (line) => lines.push(line), { DEPLOY_KEY: keys[key] });
      // Without the steps of the jobs it followed.
      return lines.filter((line) => !line.startsWith('job ') && !/^ {2}[…•] /.test(line));
    };

    it('adds, lists and removes apps, recorded under the key name; a team key may only list', async () => {
      await expect(remoteCli('blog', 'apps', 'add', 'guides', '--paths', '/guides/**')).rejects.toThrow(
        new RemoteError(
          403,
          `403: Registering and removing apps takes a platform key (deploy keys add platform <name>); "blog-team" is blog's`,
        ),
      );
      expect(await remoteCli('platform', 'apps', 'add', 'guides', '--paths', '/guides/**, /guide')).toEqual([
        'Registered guides: it may claim /guides/** /guide (keys add guides <name> gives its team a key)',
      ]);
      const listed = await remoteCli('blog', 'apps', 'list');
      expect(listed.map((line) => line.split(/\s+/)[0])).toEqual(['catalogue', 'blog', 'panel', 'guides']);
      expect(listed.at(-1)).toMatch(/^guides +\/guides\/\*\* \/guide {2}added .* by platform-team$/);

      await expect(remoteCli('platform', 'apps', 'remove', 'blog')).rejects.toThrow(
        new RemoteError(
          409,
          `409: blog is live (${fx.versions.blog}): its pages would go 404 — remove it with --force "<reason>"`,
        ),
      );
      await remoteCli('platform', 'apps', 'remove', 'blog', '--force', 'moved to its own site');
      await remoteCli('platform', 'apps', 'remove', 'guides');
      const registry = await (await fetch(`${url}/remotes.json`)).json();
      expect(Object.keys(registry as object).sort()).toEqual(['catalogue', 'panel']);
      expect((await fetch(`${url}/blog`)).status).toBe(404);
      // The blog's key went with its app: it opens nothing any more.
      await expect(remoteCli('blog', 'status', 'blog')).rejects.toThrow(/401: Unknown deploy key/);

      const lines = (await readReleaseLog(fx.buildsDir)).filter((entry) => entry.action.startsWith('app-'));
      expect(lines.map(({ action, app, by, forced }) => ({ action, app, by, forced }))).toEqual([
        { action: 'app-add', app: 'guides', by: 'platform-team', forced: null },
        { action: 'app-remove', app: 'blog', by: 'platform-team', forced: 'moved to its own site' },
        { action: 'app-remove', app: 'guides', by: 'platform-team', forced: null },
      ]);
    });
  });
});
