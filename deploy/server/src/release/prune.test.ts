/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { makeDist } from '../testing/fixtures';
import { foldersPerTest } from '../testing/builds-dir';
import { activate } from './live-file-writes';
import { publish } from './publish';
import { PRUNE_REFERENCE_WINDOW_MS, prune } from './prune';
import { readServedVersions } from '../live-set/served-versions';
import { SERVED_VERSIONS_FILE } from '../platform-state/folder-state';

describe('deploy prune', () => {
  const folders = foldersPerTest();

  /** Publishes blog versions a…, oldest first (folder times a minute apart). */
  async function publishBlog(tags: string[]): Promise<string[]> {
    const versions: string[] = [];
    for (const [index, tag] of tags.entries()) {
      const { version, dir } = await publish(folders.buildsDir, 'blog', await makeDist(folders.root, 'blog', tag), {
        compress: false,
      });
      const at = new Date(Date.now() - (tags.length - index) * 60_000);
      await fs.utimes(dir, at, at);
      versions.push(version);
    }
    return versions;
  }

  it('keeps the live, previous, newest and recently served versions, and removes the rest', async () => {
    const [a, b, c, d, e, f] = await publishBlog(['a', 'b', 'c', 'd', 'e', 'f']);
    await activate(folders.buildsDir, 'blog', b!);
    await activate(folders.buildsDir, 'blog', c!); // live c, previous b
    // A page served an hour ago pinned d; e was last pinned two days ago.
    const now = Date.now();
    await fs.writeFile(
      path.join(folders.buildsDir, SERVED_VERSIONS_FILE),
      JSON.stringify({ [`blog@${d}`]: now - 3_600_000, [`blog@${e}`]: now - 2 * PRUNE_REFERENCE_WINDOW_MS }),
    );

    // The gate's main-thread figures of a removed version go with it; a kept one's stay.
    const figures = path.join(folders.buildsDir, '.gate/main-thread/blog');
    await fs.mkdir(figures, { recursive: true });
    for (const version of [a, c]) await fs.writeFile(path.join(figures, `${version}.json`), '{}');

    const report = await prune(folders.buildsDir, { keep: 1, now });
    expect(report.removed.map((entry) => entry.version).sort()).toEqual([a, e].sort());
    expect(report.bytesFreed).toBeGreaterThan(0);
    expect((await fs.readdir(path.join(folders.buildsDir, 'blog'))).sort()).toEqual([b, c, d, f].sort());
    expect(await fs.readdir(figures)).toEqual([`${c}.json`]);
  });

  it('never removes anything when every version is needed', async () => {
    const [a] = await publishBlog(['a']);
    await activate(folders.buildsDir, 'blog', a!);
    expect((await prune(folders.buildsDir, { keep: 0 })).removed).toEqual([]);
  });

  it('learns from the app server which versions its pages pinned', async () => {
    const [a] = await publishBlog(['a']);
    await activate(folders.buildsDir, 'blog', a!);
    await activate(
      folders.buildsDir,
      'shell',
      (await publish(folders.buildsDir, 'shell', await makeDist(folders.root, 'shell'))).version,
    );
    const server = buildServer({
      ...loadConfig({}),
      buildsDir: folders.buildsDir,
      rendering: { ...loadConfig({}).rendering, enabled: false },
    });
    expect((await server.inject({ url: '/panel' })).statusCode).toBe(200);
    await server.close(); // flushes what it recorded
    expect(Object.keys(await readServedVersions(folders.buildsDir))).toContain(`blog@${a}`);
  });
});
