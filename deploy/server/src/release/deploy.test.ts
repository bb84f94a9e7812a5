/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import { liveSetId } from '../live-set/live-store';
import { makeDist } from '../testing/fixtures';
import { foldersPerTest } from '../testing/builds-dir';
import { activate, rollback } from './live-file-writes';
import { status } from './status';
import { run } from './cli';
import { readLive } from '../live-set/builds-folder';
import { FILE_DIGESTS_FILE } from '@steel/contract';
import { fileDigest } from '../build-files/version-files';
import { hashBuild, publish } from './publish';

describe('deploy tooling', () => {
  const folders = foldersPerTest();

  describe('publish', () => {
    it('copies the build into BUILDS_DIR/<app>/<content hash>/ and is idempotent', async () => {
      const dist = await makeDist(folders.root, 'catalogue');
      const first = await publish(folders.buildsDir, 'catalogue', dist);
      expect(first.version).toMatch(/^[0-9a-f]{12}$/);
      expect(first.created).toBe(true);
      expect(
        await fs.readFile(path.join(folders.buildsDir, 'catalogue', first.version, 'remoteEntry.js'), 'utf8'),
      ).toContain('var catalogue');

      const second = await publish(folders.buildsDir, 'catalogue', dist);
      expect(second).toEqual({ ...first, created: false });
      // No temp folders left behind.
      expect(await fs.readdir(path.join(folders.buildsDir, 'catalogue'))).toEqual([first.version]);
    });

    it('writes a remote’s file-digests file beside its entry, recorded like every file; the same build publishes again', async () => {
      const dist = await makeDist(folders.root, 'catalogue');
      const { dir, version } = await publish(folders.buildsDir, 'catalogue', dist);
      const listed = JSON.parse(await fs.readFile(path.join(dir, FILE_DIGESTS_FILE), 'utf8')) as Record<string, string>;
      // The files the browser loads, with the digests the app manifest records (the gate checks those).
      const { files: recorded } = JSON.parse(await fs.readFile(path.join(dir, 'app-manifest.json'), 'utf8')) as {
        files: Record<string, string>;
      };
      expect(Object.keys(listed).sort()).toEqual([
        '__federation_expose_app.3f2a.js',
        'mf-manifest.json',
        'remoteEntry.js',
      ]);
      for (const [file, digest] of Object.entries(listed)) expect(digest).toBe(recorded[file]);
      expect(recorded[FILE_DIGESTS_FILE]).toBe(await fileDigest(path.join(dir, FILE_DIGESTS_FILE)));
      // Publishing the build again finds it published, the list included.
      expect(await publish(folders.buildsDir, 'catalogue', dist)).toMatchObject({ version, created: false });
      // A list changed after publishing is not.
      await fs.writeFile(
        path.join(dir, FILE_DIGESTS_FILE),
        JSON.stringify({ ...listed, 'remoteEntry.js': recorded['app.css'] }),
      );
      await expect(publish(folders.buildsDir, 'catalogue', dist)).rejects.toThrow(
        `${FILE_DIGESTS_FILE} does not match its recorded digest`,
      );
      // The shell is no registry entry: it has none.
      const shell = await publish(folders.buildsDir, 'shell', await makeDist(folders.root, 'shell'));
      expect(await fs.readdir(shell.dir)).not.toContain(FILE_DIGESTS_FILE);
    });

    it('gives a new version when any byte or file name changes', async () => {
      const dist = await makeDist(folders.root, 'blog');
      const v1 = await hashBuild(dist);
      await fs.appendFile(path.join(dist, 'app.css'), ' ');
      const v2 = await hashBuild(dist);
      await fs.rename(path.join(dist, 'app.css'), path.join(dist, 'app2.css'));
      const v3 = await hashBuild(dist);
      expect(new Set([v1, v2, v3]).size).toBe(3);
    });

    it('writes pre-compressed variants of large text files only', async () => {
      const { dir } = await publish(folders.buildsDir, 'shell', await makeDist(folders.root, 'shell'));
      const files = await fs.readdir(dir);
      expect(files).toEqual(expect.arrayContaining(['main.js', 'main.js.br', 'main.js.gz']));
      expect(files).not.toContain('index.html.br'); // under 1 KB
    });

    it('refuses a folder that is not a build of that app', async () => {
      const dist = await makeDist(folders.root, 'catalogue');
      await expect(publish(folders.buildsDir, 'shell', dist)).rejects.toThrow(/no index\.html/);
      await expect(publish(folders.buildsDir, 'blog', path.join(folders.root, 'missing'))).rejects.toThrow(
        /not a directory/,
      );
    });
  });

  describe('activate and rollback', () => {
    async function published(tag: string) {
      return (await publish(folders.buildsDir, 'panel', await makeDist(folders.root, 'panel', tag))).version;
    }

    it('writes live.json atomically with its rollback stack, and rolls back step by step', async () => {
      const [a, b, c] = [await published('a'), await published('b'), await published('c')];
      const r1 = await activate(folders.buildsDir, 'panel', a);
      expect(r1).toMatchObject({ changed: true, previous: null });
      await activate(folders.buildsDir, 'panel', b);
      await activate(folders.buildsDir, 'panel', c);

      let live = await readLive(folders.buildsDir);
      expect(live?.versions.panel).toBe(c);
      expect(live?.rollbackStack?.panel).toEqual([a, b]);
      expect((await fs.readdir(folders.buildsDir)).filter((f) => f.startsWith('.live') || f.endsWith('.lock'))).toEqual(
        [],
      );

      expect((await rollback(folders.buildsDir, 'panel')).version).toBe(b);
      expect((await rollback(folders.buildsDir, 'panel')).version).toBe(a);
      live = await readLive(folders.buildsDir);
      expect(live?.versions.panel).toBe(a);
      await expect(rollback(folders.buildsDir, 'panel')).rejects.toThrow(/no previous version/);
    });

    it("reads the rollback stack under live.json's former name, `history`, and writes it under its own", async () => {
      const [a, b, c] = [await published('a'), await published('b'), await published('c')];
      // A builds folder written before the stack had its name (or by an older server beside this one).
      const livePath = path.join(folders.buildsDir, 'live.json');
      await fs.writeFile(livePath, JSON.stringify({ panel: b, updatedAt: 1, history: { panel: [a] } }));
      expect((await readLive(folders.buildsDir))?.rollbackStack).toEqual({ panel: [a] });
      await activate(folders.buildsDir, 'panel', c);
      const written = JSON.parse(await fs.readFile(livePath, 'utf8')) as Record<string, unknown>;
      expect(written).toMatchObject({ panel: c, rollbackStack: { panel: [a, b] } });
      expect(written).not.toHaveProperty('history');
      expect((await rollback(folders.buildsDir, 'panel')).version).toBe(b);
    });

    it('changes the live set id on every activation and leaves it alone when nothing changes', async () => {
      const a = await published('a');
      const b = await published('b');
      await activate(folders.buildsDir, 'panel', a);
      const idA = liveSetId((await readLive(folders.buildsDir))!);
      const again = await activate(folders.buildsDir, 'panel', a);
      expect(again.changed).toBe(false);
      await activate(folders.buildsDir, 'panel', b);
      const idB = liveSetId((await readLive(folders.buildsDir))!);
      expect(idB).not.toBe(idA);
    });

    it('keeps other apps and their rollback stacks when one app changes', async () => {
      const shell = (await publish(folders.buildsDir, 'shell', await makeDist(folders.root, 'shell'))).version;
      await activate(folders.buildsDir, 'shell', shell);
      await activate(folders.buildsDir, 'panel', await published('a'));
      expect((await readLive(folders.buildsDir))?.versions.shell).toBe(shell);
    });

    it('refuses versions that are not published or not valid', async () => {
      await expect(activate(folders.buildsDir, 'panel', 'deadbeef0000')).rejects.toThrow(/not published/);
      await expect(activate(folders.buildsDir, 'panel', '../shell')).rejects.toThrow(/Invalid version/);
    });

    it('serialises concurrent activations (no lost update)', async () => {
      const shell = (await publish(folders.buildsDir, 'shell', await makeDist(folders.root, 'shell'))).version;
      const panel = await published('a');
      const blog = (await publish(folders.buildsDir, 'blog', await makeDist(folders.root, 'blog'))).version;
      await Promise.all([
        activate(folders.buildsDir, 'shell', shell),
        activate(folders.buildsDir, 'panel', panel),
        activate(folders.buildsDir, 'blog', blog),
      ]);
      expect(await readLive(folders.buildsDir)).toMatchObject({ versions: { shell, panel, blog } });
    });
  });

  describe('cli', () => {
    it('publishes with --activate, reports status and rolls back', async () => {
      const lines: string[] = [];
      const log = (line: string) => lines.push(line);
      const flags = ['--builds-dir', folders.buildsDir];
      // A fixture build exposes no ./app: the gate refuses it, and a forced activation is recorded.
      await expect(
        run(['publish', 'catalogue', await makeDist(folders.root, 'catalogue', 'one'), '--activate', ...flags], log),
      ).rejects.toThrow(/^exposes: catalogue does not expose \.\/app/);
      expect(await readLive(folders.buildsDir)).toBeNull();
      await run(
        [
          'publish',
          'catalogue',
          await makeDist(folders.root, 'catalogue', 'one'),
          '--activate',
          '--force',
          'fixture builds',
          ...flags,
        ],
        log,
      );
      await run(
        [
          'publish',
          'catalogue',
          await makeDist(folders.root, 'catalogue', 'two'),
          '--activate',
          '--force',
          'fixture builds',
          ...flags,
        ],
        log,
      );
      const live = await readLive(folders.buildsDir);
      expect(lines.join('\n')).toMatch(/Activated catalogue [0-9a-f]{12}/);
      lines.length = 0;
      await run(['log', 'catalogue', ...flags], log);
      // Publishes and the refusal are recorded too, not only what changed the live set.
      expect(lines.map((line) => line.split(/\s+/)[1])).toEqual([
        'publish',
        'refused',
        'activate',
        'publish',
        'activate',
      ]);
      expect(lines[4]).toMatch(
        /activate catalogue .* gate: exposes: catalogue does not expose \.\/app.*FORCED: fixture builds/,
      );
      // `history`, the command's former name, prints the same.
      const printed = lines.splice(0);
      await run(['history', 'catalogue', ...flags], log);
      expect(lines).toEqual(printed);

      lines.length = 0;
      await run(['status', '--json', ...flags], log);
      const s = JSON.parse(lines.join('\n')) as Awaited<ReturnType<typeof status>>;
      const cat = s.apps.find((a) => a.app === 'catalogue');
      expect(cat?.live).toBe(live?.versions.catalogue);
      expect(cat?.published).toHaveLength(2);

      await run(['rollback', 'catalogue', ...flags], log);
      expect((await readLive(folders.buildsDir))?.versions.catalogue).toBe(live?.rollbackStack?.catalogue?.[0]);
      await run(['activate', 'catalogue', live!.versions.catalogue!, '--force', 'fixture builds', ...flags], log);
      expect((await readLive(folders.buildsDir))?.versions.catalogue).toBe(live?.versions.catalogue);
    });

    it('refuses to act on the folder beside a platform kept in PostgreSQL or an object store', async () => {
      for (const env of [{ PLATFORM_STATE_URL: 'postgres://127.0.0.1:1/platform' }, { BUILD_STORE_BUCKET: 'builds' }])
        await expect(run(['status', '--builds-dir', folders.buildsDir], () => {}, env)).rejects.toThrow(
          /deploy through a server of that platform/,
        );
    });

    it('rejects unknown apps and commands', async () => {
      await expect(run(['publish', 'Admin', folders.root, '--builds-dir', folders.buildsDir])).rejects.toThrow(
        /Unknown app "Admin"/,
      );
      // A name an app could take, but nobody registered it: refused before anything is stored.
      await expect(run(['publish', 'admin', folders.root, '--builds-dir', folders.buildsDir])).rejects.toThrow(
        /"admin" is not a registered app: the platform team registers it first \(deploy apps add admin/,
      );
      await expect(run(['deploy', '--builds-dir', folders.buildsDir])).rejects.toThrow(/Unknown command/);
    });
  });
});
