/**
 * Hand-made tar archives for the deploy API's tests: entries a well-behaved `tar -c` would never
 * write (`../x`, absolute paths, links, devices), each a 512-byte header and its padded data.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { Header, type types } from 'tar';

type EntryTypeName = types.EntryTypeName;

export interface TarEntry {
  path: string;
  type?: EntryTypeName;
  body?: string | Buffer;
  linkpath?: string;
}

function encodeEntry({ path: entryPath, type = 'File', body = '', linkpath }: TarEntry): Buffer {
  const data = Buffer.from(body);
  const header = new Header({ path: entryPath, type, size: type === 'File' ? data.length : 0, mode: type === 'Directory' ? 0o755 : 0o644, mtime: new Date(0), ...(linkpath ? { linkpath } : {}) });
  const block = Buffer.alloc(512);
  header.encode(block, 0);
  const padded = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  data.copy(padded);
  return Buffer.concat([block, type === 'File' ? padded : Buffer.alloc(0)]);
}

/** A .tar.gz of these entries (two zero blocks end the archive). */
export function tarGz(entries: TarEntry[]): Buffer {
  return zlib.gzipSync(Buffer.concat([...entries.map(encodeEntry), Buffer.alloc(1024)]));
}

/** A dist folder's files as entries, `./`-relative like `tar -C dist .` writes them. */
export async function distEntries(dir: string, rel = ''): Promise<TarEntry[]> {
  const out: TarEntry[] = [];
  for (const entry of await fs.readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push({ path: `./${child}/`, type: 'Directory' }, ...(await distEntries(dir, child)));
    else out.push({ path: `./${child}`, body: await fs.readFile(path.join(dir, child)) });
  }
  return out;
}

/** Every path below `dir` with its size and mtime: equal before and after means nothing changed. */
export async function snapshotTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    for (const entry of await fs.readdir(path.join(dir, rel), { withFileTypes: true }).catch(() => [])) {
      const child = path.join(rel, entry.name);
      const st = await fs.lstat(path.join(dir, child));
      out.push(`${child} ${entry.isDirectory() ? 'dir' : st.size} ${st.mtimeMs}`);
      if (entry.isDirectory()) await walk(child);
    }
  }
  await walk('');
  return out.sort();
}
