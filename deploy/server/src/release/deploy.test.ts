/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import { liveSetId } from '../live-set/live-store';
import { makeDist, tempDir } from '../testing/fixtures';
import { activate, rollback } from './live-file-writes';
import { status } from './status';
import { run } from './cli';
import { readLive } from '../live-set/builds-folder';
import { hashBuild, publish } from './publish';

describe('deploy tooling', () => {
  let root: string;
  let buildsDir: string;

  beforeEach(async () => {
    root = await tempDir();
    buildsDir = path.join(root, 'builds');
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  describe('publish', () => {
    it('copies the build into BUILDS_DIR/<app>/<content hash>/ and is idempotent', async () => {
      const dist = await makeDist(root, 'catalogue');
      const first = await publish(buildsDir, 'catalogue', dist);
      expect(first.version).toMatch(/^[0-9a-f]{12}$/);
      expect(first.created).toBe(true);
      expect(await fs.readFile(path.join(buildsDir, 'catalogue', first.version, 'remoteEntry.js'), 'utf8')).toContain(
        'var catalogue',
      );

      const second = await publish(buildsDir, 'catalogue', dist);
      expect(second).toEqual({ ...first, created: false });
      // No temp folders left behind.
      expect(await fs.readdir(path.join(buildsDir, 'catalogue'))).toEqual([first.version]);
    });

    it('gives a new version when any byte or file name changes', async () => {
      const dist = await makeDist(root, 'blog');
      const v1 = await hashBuild(dist);
      await fs.appendFile(path.join(dist, 'app.css'), ' ');
      const v2 = await hashBuild(dist);
      await fs.rename(path.join(dist, 'app.css'), path.join(dist, 'app2.css'));
      const v3 = await hashBuild(dist);
      expect(new Set([v1, v2, v3]).size).toBe(3);
    });

    it('writes pre-compressed variants of large text files only', async () => {
      const { dir } = await publish(buildsDir, 'shell', await makeDist(root, 'shell'));
      const files = await fs.readdir(dir);
      expect(files).toEqual(expect.arrayContaining(['main.js', 'main.js.br', 'main.js.gz']));
      expect(files).not.toContain('index.html.br'); // under 1 KB
    });

    it('refuses a folder that is not a build of that app', async () => {
      const dist = await makeDist(root, 'catalogue');
      await expect(publish(buildsDir, 'shell', dist)).rejects.toThrow(/no index\.html/);
      await expect(publish(buildsDir, 'blog', path.join(root, 'missing'))).rejects.toThrow(/not a directory/);
    });
  });

  describe('activate and rollback', () => {
    async function published(tag: string) {
      return (await publish(buildsDir, 'panel', await makeDist(root, 'panel', tag))).version;
    }

    it('writes live.json atomically with history, and rolls back step by step', async () => {
      const [a, b, c] = [await published('a'), await published('b'), await published('c')];
      const r1 = await activate(buildsDir, 'panel', a);
      expect(r1).toMatchObject({ changed: true, previous: null });
      await activate(buildsDir, 'panel', b);
      await activate(buildsDir, 'panel', c);

      let live = await readLive(buildsDir);
      expect(live?.panel).toBe(c);
      expect(live?.history?.panel).toEqual([a, b]);
      expect((await fs.readdir(buildsDir)).filter((f) => f.startsWith('.live') || f.endsWith('.lock'))).toEqual([]);

      expect((await rollback(buildsDir, 'panel')).version).toBe(b);
      expect((await rollback(buildsDir, 'panel')).version).toBe(a);
      live = await readLive(buildsDir);
      expect(live?.panel).toBe(a);
      await expect(rollback(buildsDir, 'panel')).rejects.toThrow(/no previous version/);
    });

    it('changes the live set id on every activation and leaves it alone when nothing changes', async () => {
      const a = await published('a');
      const b = await published('b');
      await activate(buildsDir, 'panel', a);
      const idA = liveSetId((await readLive(buildsDir))!);
      const again = await activate(buildsDir, 'panel', a);
      expect(again.changed).toBe(false);
      await activate(buildsDir, 'panel', b);
      const idB = liveSetId((await readLive(buildsDir))!);
      expect(idB).not.toBe(idA);
    });

    it('keeps other apps and their history when one app changes', async () => {
      const shell = (await publish(buildsDir, 'shell', await makeDist(root, 'shell'))).version;
      await activate(buildsDir, 'shell', shell);
      await activate(buildsDir, 'panel', await published('a'));
      expect((await readLive(buildsDir))?.shell).toBe(shell);
    });

    it('refuses versions that are not published or not valid', async () => {
      await expect(activate(buildsDir, 'panel', 'deadbeef0000')).rejects.toThrow(/not published/);
      await expect(activate(buildsDir, 'panel', '../shell')).rejects.toThrow(/Invalid version/);
    });

    it('serialises concurrent activations (no lost update)', async () => {
      const shell = (await publish(buildsDir, 'shell', await makeDist(root, 'shell'))).version;
      const panel = await published('a');
      const blog = (await publish(buildsDir, 'blog', await makeDist(root, 'blog'))).version;
      await Promise.all([
        activate(buildsDir, 'shell', shell),
        activate(buildsDir, 'panel', panel),
        activate(buildsDir, 'blog', blog),
      ]);
      expect(await readLive(buildsDir)).toMatchObject({ shell, panel, blog });
    });
  });

  describe('cli', () => {
    it('publishes with --activate, reports status and rolls back', async () => {
      const lines: string[] = [];
      const log = (line: string) => lines.push(line);
      const flags = ['--builds-dir', buildsDir];
      // A fixture build exposes no ./app: the gate refuses it, and a forced activation is recorded.
      await expect(
        run(['publish', 'catalogue', await makeDist(root, 'catalogue', 'one'), '--activate', ...flags], log),
      ).rejects.toThrow(/^exposes: catalogue does not expose \.\/app/);
      expect(await readLive(buildsDir)).toBeNull();
      await run(
        [
          'publish',
          'catalogue',
          await makeDist(root, 'catalogue', 'one'),
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
          await makeDist(root, 'catalogue', 'two'),
          '--activate',
          '--force',
          'fixture builds',
          ...flags,
        ],
        log,
      );
      const live = await readLive(buildsDir);
      expect(lines.join('\n')).toMatch(/Activated catalogue [0-9a-f]{12}/);
      lines.length = 0;
      await run(['history', 'catalogue', ...flags], log);
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

      lines.length = 0;
      await run(['status', '--json', ...flags], log);
      const s = JSON.parse(lines.join('\n')) as Awaited<ReturnType<typeof status>>;
      const cat = s.apps.find((a) => a.app === 'catalogue');
      expect(cat?.live).toBe(live?.catalogue);
      expect(cat?.published).toHaveLength(2);

      await run(['rollback', 'catalogue', ...flags], log);
      expect((await readLive(buildsDir))?.catalogue).toBe(live?.history?.catalogue?.[0]);
      await run(['activate', 'catalogue', live!.catalogue!, '--force', 'fixture builds', ...flags], log);
      expect((await readLive(buildsDir))?.catalogue).toBe(live?.catalogue);
    });

    it('rejects unknown apps and commands', async () => {
      await expect(run(['publish', 'admin', root, '--builds-dir', buildsDir])).rejects.toThrow(/Unknown app "admin"/);
      await expect(run(['deploy', '--builds-dir', buildsDir])).rejects.toThrow(/Unknown command/);
    });
  });
});
