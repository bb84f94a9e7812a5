/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import { tempDir } from '../testing/fixtures';
import { platformStateContract } from '../testing/platform-state-contract';
import { openFolderState, RELEASE_LOG_FILE } from './folder-state';

/** The builds folder's files as the platform's state: the contract, and what a folder of an older layout holds. */
describe('the platform state in a builds folder', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
  });
  const openPair = async (root?: string, lockWaitMs?: number) => {
    const dir = root ?? (await tempDir());
    folders.push(dir);
    const options = {
      buildsDir: path.join(dir, 'builds'),
      keysFile: path.join(dir, 'keys.json'),
      pollMs: 100,
      lockWaitMs,
    };
    return { a: openFolderState(options), b: openFolderState(options) };
  };

  describe('keeps the contract', () => {
    platformStateContract((options) => openPair(undefined, options?.lockWaitMs));
  });

  it('reads a release log kept under its former name, and a live set whose rollback stack was called history', async () => {
    const root = await tempDir();
    const buildsDir = path.join(root, 'builds');
    await fs.mkdir(buildsDir);
    const line = {
      at: '2026-01-01T00:00:00.000Z',
      action: 'publish' as const,
      app: 'blog',
      version: 'v1',
      previous: null,
      gate: 'not run (a publish)',
      forced: null,
      by: 'ops',
    };
    await fs.writeFile(path.join(buildsDir, 'history.jsonl'), `${JSON.stringify(line)}\n`);
    await fs.writeFile(
      path.join(buildsDir, 'live.json'),
      JSON.stringify({ shell: 's2', blog: 'v2', updatedAt: 5, history: { blog: ['v1'] }, activatedAt: { blog: 5 } }),
    );
    const { a } = await openPair(root);
    expect(await a.releaseLog.read()).toEqual([line]);
    await a.releaseLog.append({ ...line, version: 'v2', at: '2026-01-02T00:00:00.000Z' });
    expect(
      (await fs.readFile(path.join(buildsDir, RELEASE_LOG_FILE), 'utf8')).split('\n').filter(Boolean),
    ).toHaveLength(1);
    // The former file is read beside it, never written: an older server may still append there.
    expect(await fs.readFile(path.join(buildsDir, 'history.jsonl'), 'utf8')).not.toContain('v2');
    expect((await a.releaseLog.read()).map((entry) => entry.version)).toEqual(['v1', 'v2']);
    expect(await a.live.read()).toEqual({
      versions: { shell: 's2', blog: 'v2' },
      updatedAt: 5,
      rollbackStack: { blog: ['v1'] },
      activatedAt: { blog: 5 },
    });
    await a.close();
  });
});
