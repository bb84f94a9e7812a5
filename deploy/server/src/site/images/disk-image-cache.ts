/**
 * Made images on disk, under a size cap: a restart or a second app server sharing the folder does
 * not resize again what was made once (an upload's name is its content hash, so a file never goes
 * stale), and memory holds only the hot few (IMAGE_CACHE_MB). Past the cap the least recently used
 * files go first (a hit touches its file's time) until the folder is back to 80% of the cap.
 *
 * Hand-written because what it needs is small — a file per key, atomic writes, eviction by time —
 * and the caches on npm either have no size cap (cacache) or keep their index in memory only.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const AFTER_EVICTION = 0.8;

export class DiskImageCache {
  /** Bytes in the folder as this process last knew it; null until the first write counts it. */
  private bytes: number | null = null;
  private evicting: Promise<void> | null = null;

  constructor(
    readonly dir: string,
    readonly capBytes: number,
  ) {}

  private fileOf(key: string): string {
    return path.join(this.dir, `${createHash('sha256').update(key).digest('hex')}.webp`);
  }

  async get(key: string): Promise<Buffer | null> {
    const file = this.fileOf(key);
    const image = await fs.readFile(file).catch(() => null);
    if (image) {
      const now = new Date();
      await fs.utimes(file, now, now).catch(() => undefined);
    }
    return image;
  }

  async set(key: string, image: Buffer): Promise<void> {
    if (image.byteLength > this.capBytes) return;
    await fs.mkdir(this.dir, { recursive: true });
    this.bytes ??= await this.usage();
    // Written under a temporary name and renamed: a reader never sees half a file.
    const tmp = path.join(this.dir, `.tmp-${randomBytes(6).toString('hex')}`);
    await fs.writeFile(tmp, image);
    await fs.rename(tmp, this.fileOf(key));
    this.bytes += image.byteLength;
    if (this.bytes > this.capBytes) await this.evict();
  }

  /** Total bytes of the cached files (another app server may have written some). */
  async usage(): Promise<number> {
    return (await this.files()).reduce((sum, file) => sum + file.size, 0);
  }

  private async files(): Promise<Array<{ file: string; size: number; mtimeMs: number }>> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const files = await Promise.all(
      names
        .filter((name) => name.endsWith('.webp'))
        .map(async (name) => {
          const file = path.join(this.dir, name);
          const stat = await fs.stat(file).catch(() => null);
          return stat ? { file, size: stat.size, mtimeMs: stat.mtimeMs } : null;
        }),
    );
    return files.filter((file) => file !== null);
  }

  private evict(): Promise<void> {
    this.evicting ??= (async () => {
      const files = (await this.files()).sort((a, b) => a.mtimeMs - b.mtimeMs);
      let total = files.reduce((sum, file) => sum + file.size, 0);
      for (const file of files) {
        if (total <= this.capBytes * AFTER_EVICTION) break;
        await fs.rm(file.file, { force: true });
        total -= file.size;
      }
      this.bytes = total;
    })().finally(() => {
      this.evicting = null;
    });
    return this.evicting;
  }
}
