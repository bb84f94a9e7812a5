/** @jest-environment node */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DiskImageCache } from './disk-image-cache';

describe('the on-disk image cache', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'steel-image-cache-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('keeps images across instances and stays under its cap, dropping the least recently used first', async () => {
    const kb = (n: number, fill: number) => Buffer.alloc(n * 1024, fill);
    const cache = new DiskImageCache(dir, 100 * 1024);
    const step = () => new Promise((resolve) => setTimeout(resolve, 15)); // file times have a resolution
    for (let i = 0; i < 6; i++) {
      await cache.set(`/uploads/${i}.png 640`, kb(20, i));
      await step();
      if (i === 3) {
        expect(await cache.get('/uploads/0.png 640')).toEqual(kb(20, 0)); // used again: kept longer
        await step();
      }
    }
    // The sixth image took the folder to 120 KB: the two least recently used went, down to 80%.
    expect(await cache.usage()).toBe(80 * 1024);
    const restarted = new DiskImageCache(dir, 100 * 1024);
    expect(await restarted.get('/uploads/1.png 640')).toBeNull();
    expect(await restarted.get('/uploads/2.png 640')).toBeNull();
    for (const kept of [0, 3, 4, 5]) expect(await restarted.get(`/uploads/${kept}.png 640`)).toEqual(kb(20, kept));
    expect((await fs.readdir(dir)).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  });

  it('does not keep an image larger than the whole cap', async () => {
    const cache = new DiskImageCache(dir, 1024);
    await cache.set('/uploads/huge.png 2048', Buffer.alloc(4096));
    expect(await cache.get('/uploads/huge.png 2048')).toBeNull();
  });
});
