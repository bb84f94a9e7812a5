/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_BUILD_REASON, publishAndActivate, RefusedOnSharedSite } from '../../../../scripts/lib/publish';
import { APPS, appFolder } from '../../../../scripts/lib/paths';
import { buildServer } from '../app';
import { loadConfig, REPO_ROOT } from '../config';
import { readLive } from '../live-set/builds-folder';
import { addKey, hashKey, removeKey } from '../live-set/deploy-keys';
import { makeDist } from '../testing/fixtures';
import { foldersPerTest } from '../testing/builds-dir';
import { readSettings } from '../settings/settings-table';
import { readReleaseLog } from './release-log';
import { recordServingServer, SITE_FILE, whyOthersUseSite, withRunningSiteSettings } from './site-record';

/**
 * One way to make a version live, for everyone (docs/architecture.md, "Deploying a remote"):
 * `npm run build` never makes a version the gate refuses live on a site that others use —
 * one with deploy keys, or served beyond this machine — and on a developer's own builds folder it
 * may, saying so. (Every fixture build is refused by the gate's static rules: it exposes no ./app.)
 */
describe('npm run build on a site others use, and on your own', () => {
  const folders = foldersPerTest();
  let warnings: jest.SpyInstance<void, Parameters<typeof console.warn>>;
  let said: jest.SpyInstance<void, Parameters<typeof console.log>>;
  beforeEach(() => {
    warnings = jest.spyOn(console, 'warn').mockImplementation(() => {});
    said = jest.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterEach(() => {
    warnings.mockRestore();
    said.mockRestore();
  });

  /** An app server that served the folder with these settings, as the site's servers do when they start. */
  async function served(env: Record<string, string>) {
    // A site's builds folder is there before its servers start (a server does not make one to record itself).
    fs.mkdirSync(folders.buildsDir, { recursive: true });
    const server = buildServer(
      loadConfig({ BUILDS_DIR: folders.buildsDir, SSR: 'off', HEALTH_MONITOR: 'off', ...env }),
    );
    await server.ready();
    await server.close();
  }
  const liveBlog = async () => (await readLive(folders.buildsDir))?.versions.blog ?? null;
  const blogBuild = (tag: string) => makeDist(folders.root, 'blog', tag);

  it('publishes a refused build on a site whose servers hold a deploy key elsewhere, and leaves it not live', async () => {
    const live = await publishAndActivate(folders.buildsDir, 'blog', await blogBuild('live'));
    // The site's servers read their keys from their own state folder, as the production arrangement's do.
    const siteKeys = path.join(folders.root, 'production', 'deploy-keys.json');
    await addKey({ buildsDir: folders.buildsDir, keysFile: siteKeys }, 'blog', 'blog-team');
    await served({ DEPLOY_KEYS_FILE: siteKeys, SITE_URL: 'http://localhost:8090' });
    expect(await whyOthersUseSite(folders.buildsDir)).toBe(
      `1 deploy key is configured for it (${siteKeys}): teams deploy there`,
    );

    const attempt = publishAndActivate(folders.buildsDir, 'blog', await blogBuild('heavier'));
    await expect(attempt).rejects.toThrow(RefusedOnSharedSite);
    const refusal = await attempt.catch((error: Error) => error.message);
    expect(refusal).toMatch(/^blog [0-9a-f]{12} is published, not live: the gate refused it \(exposes: /);
    expect(refusal).toContain('npm run deploy -w @steel/server -- activate blog');
    expect(await liveBlog()).toBe(live);
    // Recorded as any refused activation is, by the developer: no line reads as a local build.
    expect((await readReleaseLog(folders.buildsDir, 'blog')).slice(-2)).toEqual([
      expect.objectContaining({ action: 'publish' }),
      expect.objectContaining({ action: 'refused', previous: live, forced: null }),
    ]);
    // Its last key removed, nobody else deploys there: the developer's own again.
    await removeKey({ buildsDir: folders.buildsDir, keysFile: siteKeys }, 'blog-team');
    expect(await whyOthersUseSite(folders.buildsDir)).toBeNull();
  });

  it('refuses it too where a server serves the folder beyond this machine, or was given a key in its environment', async () => {
    await served({ DEPLOY_KEYS_FILE: path.join(folders.root, 'no-keys.json'), SITE_URL: 'https://steel.example' });
    expect(await whyOthersUseSite(folders.buildsDir)).toBe(
      'an app server serves it at https://steel.example, where visitors use it',
    );
    await expect(publishAndActivate(folders.buildsDir, 'blog', await blogBuild('a'))).rejects.toThrow(
      RefusedOnSharedSite,
    );

    const other = path.join(folders.root, 'other-builds');
    const keysFile = path.join(folders.root, 'no-keys.json');
    fs.mkdirSync(other);
    const server = buildServer(
      loadConfig({
        BUILDS_DIR: other,
        DEPLOY_KEYS_FILE: keysFile,
        DEPLOY_KEYS: JSON.stringify([{ name: 'ci', app: 'blog', hash: hashKey('k') }]),
        SSR: 'off',
        HEALTH_MONITOR: 'off',
      }),
    );
    await server.ready();
    await server.close();
    expect(await whyOthersUseSite(other)).toBe(
      `1 deploy key is configured for it (${keysFile}, DEPLOY_KEYS of the app server at http://localhost:8080): teams deploy there`,
    );
    await expect(publishAndActivate(other, 'blog', await blogBuild('b'))).rejects.toThrow(RefusedOnSharedSite);
    expect(await readLive(other)).toBeNull();
  });

  it('makes it live on your own builds folder (served on loopback, no key), and says so', async () => {
    await served({ DEPLOY_KEYS_FILE: path.join(folders.root, 'no-keys.json'), SITE_URL: 'http://localhost:8080' });
    expect(await whyOthersUseSite(folders.buildsDir)).toBeNull();
    const version = await publishAndActivate(folders.buildsDir, 'blog', await blogBuild('mine'));
    expect(await liveBlog()).toBe(version);
    expect((await readReleaseLog(folders.buildsDir, 'blog')).at(-1)).toMatchObject({
      action: 'activate',
      forced: LOCAL_BUILD_REASON,
    });
    expect(warnings.mock.calls.map(([line]) => String(line)).at(-1)).toMatch(
      /the gate's static rules refuse it \(exposes: .*\); live anyway as a local build, recorded in the release log — this builds folder is your own/,
    );
  });

  it("has one form that publishes: every app's own build script only builds", () => {
    for (const app of APPS) {
      const { scripts } = JSON.parse(fs.readFileSync(path.join(appFolder(app), 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      };
      expect([app, scripts.build]).toEqual([app, 'steel-build']);
    }
    const root = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(root.scripts.build).toBe('tsx scripts/build.ts');
  });
});

describe("the deploy CLI reads the running site's settings", () => {
  let buildsDir: string;
  beforeEach(() => {
    buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-site-record-'));
  });
  afterEach(() => fs.rmSync(buildsDir, { recursive: true, force: true }));

  const recordFor = (env: Record<string, string>) =>
    recordServingServer(loadConfig({ BUILDS_DIR: buildsDir, ...env }), env);

  it("fills in the CMS and gate port of the server running on the builds folder; the caller's environment wins", async () => {
    await recordFor({
      CMS_PUBLIC_URL: 'http://127.0.0.1:1480/api',
      SITE_URL: 'http://localhost:8380',
      DEPLOY_GATE_PORT: '8399',
    });
    expect(await withRunningSiteSettings(buildsDir, {})).toEqual({
      CMS_PUBLIC_URL: 'http://127.0.0.1:1480/api',
      CMS_INTERNAL_URL: 'http://127.0.0.1:1480/api',
      SITE_URL: 'http://localhost:8380',
      DEPLOY_GATE_PORT: '8399',
    });
    expect(
      (await withRunningSiteSettings(buildsDir, { CMS_INTERNAL_URL: 'http://cms:1337/api', DEPLOY_GATE_PORT: '' }))
        .CMS_INTERNAL_URL,
    ).toBe('http://cms:1337/api');
    // No secret is written beside the builds.
    expect(fs.readFileSync(path.join(buildsDir, SITE_FILE), 'utf8')).not.toMatch(/secret|"key"/i);
  });

  it('takes a second copy on other ports (PORT=8580 CMS_PORT=1638 npm start) over the first, never the defaults', async () => {
    // As scripts/start.ts starts each copy's app server: its CMS from CMS_PORT, the gate port passed on.
    const copyOn = (port: number, cmsPort: number) => ({
      CMS_PUBLIC_URL: `http://127.0.0.1:${cmsPort}/api`,
      SITE_URL: `http://localhost:${port}`,
      DEPLOY_GATE_PORT: '8099',
    });
    await recordFor(copyOn(8080, 1337));
    await recordFor(copyOn(8580, 1638));
    // The CLI as the README runs it: nothing about the site in its environment.
    const settings = await withRunningSiteSettings(buildsDir, { PATH: '/usr/bin' });
    expect(settings).toMatchObject({ CMS_PUBLIC_URL: 'http://127.0.0.1:1638/api', SITE_URL: 'http://localhost:8580' });
    expect(readSettings(settings).DEPLOY_GATE_PORT).toBe(8099);
  });

  it('leaves the environment alone when no server runs there, or the one that wrote it has stopped', async () => {
    expect(await withRunningSiteSettings(buildsDir, { A: '1' })).toEqual({ A: '1' });
    await recordFor({ CMS_PUBLIC_URL: 'http://127.0.0.1:1480/api' });
    const file = path.join(buildsDir, SITE_FILE);
    const { servers } = JSON.parse(fs.readFileSync(file, 'utf8')) as { servers: Array<{ pid: number }> };
    // A pid no process has (the kernel's maximum is far below it).
    fs.writeFileSync(file, JSON.stringify({ servers: servers.map((server) => ({ ...server, pid: 2 ** 30 })) }));
    expect(await withRunningSiteSettings(buildsDir, { A: '1' })).toEqual({ A: '1' });
  });
});
