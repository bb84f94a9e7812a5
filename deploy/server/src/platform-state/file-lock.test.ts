/** @jest-environment node */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tempDir } from '../testing/fixtures';
import { withFileLock } from './file-lock';
import { LockTimeout } from './platform-state';

describe('builds folder locks', () => {
  let root: string;
  let lock: string;
  beforeEach(async () => {
    root = await tempDir();
    lock = path.join(root, '.deploy.lock');
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('runs holders one at a time, in the order they asked, and removes the lock file after', async () => {
    const events: string[] = [];
    let inside = 0;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        // A wait far past what ten holders take, however busy the machine: this is about order, not time.
        withFileLock(lock, { waitMs: 20_000 }, async () => {
          inside += 1;
          expect(inside).toBe(1);
          expect(await fs.readFile(lock, 'utf8')).toBe(`${process.pid} ${os.hostname()}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          events.push(`${i}`);
          inside -= 1;
          if (i === 3) throw new Error('one holder fails');
        }).catch(() => undefined),
      ),
    );
    expect(events).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    await expect(fs.stat(lock)).rejects.toThrow(/ENOENT/);
  });

  it("waits for another process's lock and gives up after waitMs", async () => {
    // A live process (our parent) holding it, refreshed just now.
    await fs.writeFile(lock, `${process.ppid} ${os.hostname()}`);
    await expect(withFileLock(lock, { waitMs: 200 }, async () => 'never')).rejects.toBeInstanceOf(LockTimeout);
    setTimeout(() => void fs.rm(lock), 100);
    await expect(withFileLock(lock, { waitMs: 2000 }, async () => 'after it')).resolves.toBe('after it');
  });

  it('takes over a lock whose holder died or stopped refreshing it', async () => {
    await fs.writeFile(lock, `999999999 ${os.hostname()}`);
    await expect(withFileLock(lock, { waitMs: 200 }, async () => 'dead pid')).resolves.toBe('dead pid');
    await fs.writeFile(lock, `${process.ppid} another-host`);
    const old = new Date(Date.now() - 60_000);
    await fs.utimes(lock, old, old);
    await expect(withFileLock(lock, { waitMs: 200, staleMs: 30_000 }, async () => 'stale')).resolves.toBe('stale');
  });
});
