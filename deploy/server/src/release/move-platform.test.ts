/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BuildStore } from '../build-files/build-store';
import { openFolderBuilds } from '../build-files/folder-builds';
import { folderDigests, listFiles } from '../build-files/version-files';
import { COHORT_COOKIE } from '../live-set/visitor-live-set';
import { openFolderState } from '../platform-state/folder-state';
import { stateOfFolder } from '../platform-state/state-of-folder';
import { liveFixture, makeDist, type Fixture } from '../testing/fixtures';
import { type MachineServices, newSiteStores, startMachineServices, startSite } from '../testing/several-machines';
import { startCanary } from './canary';
import { run } from './cli';
import { exportToFolder, importFolder, NOTHING_MOVED, openSharedStores, type PlatformStores } from './move-platform';
import { publish } from './publish';
import { appendToReleaseLog } from './release-log';

/**
 * Moving a builds folder into PostgreSQL (Debian's) and the object store (Debian's Swift with
 * s3api) and back (docs/architecture.md, "Leaving the one disk"): what a server on them sees is
 * the folder's, a second move writes nothing, one cut short completes when run again, and the
 * folder exported back is the original file by file and line by line.
 */
describe('moving a builds folder into PostgreSQL and the object store, and back', () => {
  let services: MachineServices;
  let fx: Fixture;
  let keysFile: string;
  let canaryVersion: string;

  beforeAll(async () => {
    services = await startMachineServices();
  }, 120_000);
  afterAll(async () => {
    await services?.stop();
  });

  /** A builds folder as a site that has run a while has it: every kind of record the state holds. */
  beforeEach(async () => {
    fx = await liveFixture();
    keysFile = path.join(fx.root, 'keys.json');
    const env = { ...process.env, DEPLOY_KEYS_FILE: keysFile, USER: 'operator' };
    const cli = (...args: string[]) => run([...args, '--builds-dir', fx.buildsDir], () => {}, env);
    await cli('keys', 'add', 'blog', 'blog-team');
    await cli('keys', 'add', 'platform', 'platform-team');
    await cli('apps', 'add', 'guides', '--paths', '/guides/**', '--owner', 'platform-team');
    // A second blog version on a canary, and an older one no longer live.
    const { version } = await publish(fx.buildsDir, 'blog', await makeDist(fx.root, 'blog', 'v2'));
    canaryVersion = version;
    await appendToReleaseLog(fx.buildsDir, {
      action: 'publish',
      app: 'blog',
      version: canaryVersion,
      previous: null,
      gate: 'not run (published only)',
      forced: null,
      by: 'blog-team',
    });
    await startCanary(fx.buildsDir, 'blog', canaryVersion, 10);
    await appendToReleaseLog(fx.buildsDir, {
      action: 'canary',
      app: 'blog',
      version: canaryVersion,
      previous: fx.versions.blog,
      gate: 'passed',
      forced: null,
      by: 'blog-team',
    });
    const state = stateOfFolder(fx.buildsDir);
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    await state.counts.add({
      [`blog@${canaryVersion}`]: { [minute]: { view: 40, mount: 2 } },
      [`blog@${fx.versions.blog}`]: { [minute - 60_000]: { view: 300 } },
    });
    await state.servedVersions.record({ [`blog@${fx.versions.blog}`]: Date.now(), [`shell@${fx.versions.shell}`]: 5 });
    await state.gate.writeReport(
      'blog',
      canaryVersion,
      {
        at: new Date().toISOString(),
        rules: [{ name: 'schema', passed: true }],
        pages: [
          { kind: 'render', url: '/blog', shot: false },
          { kind: 'mount', url: '/blog', shot: true },
        ],
      },
      new Map([[1, Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 8, 7])]]),
    );
    await state.gate.writeFigures('blog', canaryVersion, { '/blog': { blockingMs: 80 } });
  });
  afterEach(() => fx.cleanup());

  /** Every version of every app with each file's digest, in the store's order. */
  const versionsOf = async (builds: BuildStore) => {
    const out: Record<string, Array<{ version: string; files: Awaited<ReturnType<typeof folderDigests>> }>> = {};
    for (const app of await builds.apps())
      out[app] = await Promise.all(
        (await builds.list(app)).map(async ({ version }) => ({
          version,
          files: await folderDigests(await builds.local(app, version)),
        })),
      );
    return out;
  };

  /** Everything a state holds that a move copies, read through the interface. */
  const contentOf = async ({ state, builds }: PlatformStores) => ({
    live: await state.live.read(),
    apps: await state.apps.read(),
    keys: await state.keys.read(),
    releaseLog: await state.releaseLog.read(),
    counts: await state.counts.read(),
    served: await state.servedVersions.read(),
    gate: await Promise.all(
      (await state.gate.list()).map(async ({ app, version }) => ({
        app,
        version,
        report: await state.gate.readReport(app, version),
        shot: await state.gate.readShot(app, version, 1),
        figures: await state.gate.readFigures(app, version),
      })),
    ),
    versions: await versionsOf(builds),
  });

  const folderContent = async (buildsDir: string, keys: string) => {
    const state = openFolderState({ buildsDir, keysFile: keys });
    try {
      return await contentOf({ state, builds: openFolderBuilds(buildsDir) });
    } finally {
      await state.close();
    }
  };

  it('imports with one command: a server on PostgreSQL and the store serves what the folder did, and a second import writes nothing', async () => {
    const settings = await newSiteStores(services);
    const lines: string[] = [];
    const env = { ...process.env, ...settings.env, DEPLOY_KEYS_FILE: keysFile };
    await run(['platform', 'import', '--builds-dir', fx.buildsDir], (line) => lines.push(line), env);
    expect(lines[0]).toBe(
      `Importing ${fx.buildsDir} and ${keysFile} into PostgreSQL and the bucket ${settings.bucket}`,
    );
    expect(lines).toContain(`Copying blog ${canaryVersion} (5 of 5)`);
    expect(lines.at(-1)).toMatch(
      /^Written: 5 versions, 2 gate records, 2 deploy keys, 3 release-log lines, 3 counts, 2 served versions, the apps, the live set$/,
    );

    const original = await folderContent(fx.buildsDir, keysFile);
    const shared = await openSharedStores(settings);
    try {
      // Read whole through the shared stores (a cache of their own: every file from the bucket).
      expect(await contentOf(shared)).toEqual(original);
      expect(original.live?.canary?.blog?.version).toBe(canaryVersion);
      expect(original.apps.map((app) => app.name)).toContain('guides');
      expect(original.keys.map((key) => key.name)).toEqual(['blog-team', 'platform-team']);
      expect(original.releaseLog.map((entry) => entry.action)).toEqual(['app-add', 'publish', 'canary']);
    } finally {
      await shared.close();
    }

    // A server given these settings and an empty folder serves the live set and its files.
    const site = await startSite(services, path.join(fx.root, 'new-site'), {}, {}, settings);
    try {
      const { app: server } = await site.addMachine();
      // A visitor past the canary's share (a request without a cohort draws one at random).
      const stable = await server.inject({ url: '/remotes.json', headers: { cookie: `${COHORT_COOKIE}=9999` } });
      expect(stable.json<Record<string, { version: string }>>().blog?.version).toBe(fx.versions.blog);
      const entry = await server.inject(`/builds/blog/${canaryVersion}/remoteEntry.js`);
      expect(entry.statusCode).toBe(200);
      expect(entry.body).toBe(
        await fs.readFile(path.join(fx.buildsDir, 'blog', canaryVersion, 'remoteEntry.js'), 'utf8'),
      );
    } finally {
      await site.close();
    }

    // A mistyped folder is refused, not imported as an empty one.
    const nowhere = path.join(fx.root, 'buidls');
    await expect(run(['platform', 'import', '--builds-dir', nowhere], () => {}, env)).rejects.toThrow(
      `There is no builds folder at ${nowhere}`,
    );

    lines.length = 0;
    await run(['platform', 'import', '--builds-dir', fx.buildsDir], (line) => lines.push(line), env);
    expect(lines.at(-1)).toBe('Written: nothing: it held all of it already');
    const again = await openSharedStores(settings);
    try {
      expect((await again.state.releaseLog.read()).length).toBe(original.releaseLog.length);
      expect(await contentOf(again)).toEqual(original);
    } finally {
      await again.close();
    }
  });

  it('completes an import cut short when run again, and never names a version the target lacks meanwhile', async () => {
    const settings = await newSiteStores(services);
    const shared = await openSharedStores(settings);
    try {
      // The third version's upload fails (the store went away): the run stops there.
      const builds = shared.builds;
      let stores = 0;
      const failing: BuildStore = {
        ...builds,
        store: (...args) => (++stores === 3 ? Promise.reject(new Error('the store went away')) : builds.store(...args)),
      };
      await expect(importFolder(fx.buildsDir, { ...shared, builds: failing }, { keysFile })).rejects.toThrow(
        'the store went away',
      );
      expect(await shared.state.live.read()).toBeNull();
      expect(await shared.state.releaseLog.read()).toEqual([]);

      const report = await importFolder(fx.buildsDir, shared, { keysFile });
      expect(report.versions).toBe(3);
      expect(report.live).toBe(true);
      expect(await contentOf(shared)).toEqual(await folderContent(fx.buildsDir, keysFile));
    } finally {
      await shared.close();
    }
  });

  it('exports back into an empty folder losslessly, file by file and line by line; a second export writes nothing', async () => {
    const settings = await newSiteStores(services);
    const shared = await openSharedStores(settings);
    const exportedDir = path.join(fx.root, 'exported', 'builds');
    const exportedKeys = path.join(fx.root, 'exported', 'keys.json');
    try {
      await importFolder(fx.buildsDir, shared, { keysFile });
      const report = await exportToFolder(shared, exportedDir, { keysFile: exportedKeys });
      expect(report).toMatchObject({ versions: 5, keys: 2, apps: true, live: true });
      expect(await exportToFolder(shared, exportedDir, { keysFile: exportedKeys })).toEqual(NOTHING_MOVED);
    } finally {
      await shared.close();
    }

    // Locks are held only while a deploy runs; none is left in either folder.
    const files = (dir: string) => listFiles(dir).then((all) => all.filter((file) => !file.endsWith('.lock')));
    expect(await files(exportedDir)).toEqual(await files(fx.buildsDir));
    // The counts and served times are JSON objects, whose keys each store orders its own way.
    const asJson = new Set(['failure-counts.json', 'served-versions.json']);
    for (const file of await files(fx.buildsDir)) {
      const [original, exported] = await Promise.all(
        [fx.buildsDir, exportedDir].map((dir) => fs.readFile(path.join(dir, file))),
      );
      if (asJson.has(file)) expect(JSON.parse(exported!.toString())).toEqual(JSON.parse(original!.toString()));
      else if (file.endsWith('.jsonl'))
        expect(exported!.toString().split('\n')).toEqual(original!.toString().split('\n'));
      else expect({ file, bytes: exported!.toString('base64') }).toEqual({ file, bytes: original!.toString('base64') });
    }
    expect(await fs.readFile(exportedKeys, 'utf8')).toBe(await fs.readFile(keysFile, 'utf8'));
    // The versions keep their order (prune keeps the newest).
    for (const app of ['shell', 'blog'])
      expect((await openFolderBuilds(exportedDir).list(app)).map((entry) => entry.version)).toEqual(
        (await openFolderBuilds(fx.buildsDir).list(app)).map((entry) => entry.version),
      );
  });
});
