/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import { foldersPerTest } from '../testing/builds-dir';
import { FORMER_RELEASE_LOG_FILE, RELEASE_LOG_FILE } from '../platform-state/folder-state';
import { appendToReleaseLog, readReleaseLog, type ReleaseLogEntry } from './release-log';

const line = (at: string, version: string, app = 'blog'): ReleaseLogEntry => ({
  at,
  action: 'activate',
  app,
  version,
  previous: null,
  gate: 'passed',
  forced: null,
  by: 'blog-team',
});
const jsonl = (entries: ReleaseLogEntry[]) => entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');

describe('the release log', () => {
  const folders = foldersPerTest();

  it('appends to release-log.jsonl and still reads the lines of its former file, history.jsonl, in time order', async () => {
    const { buildsDir } = folders;
    await fs.mkdir(buildsDir, { recursive: true });
    // Lines written before the log had its name, and by an older server during an upgrade.
    await fs.writeFile(
      path.join(buildsDir, FORMER_RELEASE_LOG_FILE),
      jsonl([line('2026-01-01T10:00:00.000Z', 'aaa'), line('2026-01-01T12:00:00.000Z', 'ccc')]),
    );
    await fs.writeFile(
      path.join(buildsDir, RELEASE_LOG_FILE),
      jsonl([line('2026-01-01T11:00:00.000Z', 'bbb'), line('2026-01-01T11:30:00.000Z', 'zzz', 'catalogue')]),
    );
    const { at: _stamped, ...next } = line('', 'ddd');
    await appendToReleaseLog(buildsDir, next);

    expect((await readReleaseLog(buildsDir, 'blog')).map((entry) => entry.version)).toEqual([
      'aaa',
      'bbb',
      'ccc',
      'ddd',
    ]);
    expect(await readReleaseLog(buildsDir)).toHaveLength(5);
    // The former file is never written again.
    expect(await fs.readFile(path.join(buildsDir, FORMER_RELEASE_LOG_FILE), 'utf8')).not.toContain('ddd');
  });

  it('is empty in a builds folder that has neither file', async () => {
    expect(await readReleaseLog(folders.buildsDir)).toEqual([]);
  });
});
