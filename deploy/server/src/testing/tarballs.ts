/**
 * Hand-made tar archives for the deploy API's tests: entries a well-behaved `tar -c` would never
 * write (`../x`, absolute paths, links, devices), each a 512-byte header and its padded data; and
 * bombs, small uploads that unpack to hundreds of MB, made streaming (never whole in memory).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { Header, type types } from 'tar';

type EntryTypeName = types.EntryTypeName;

export interface TarEntry {
  path: string;
  type?: EntryTypeName;
  body?: string | Buffer;
  linkpath?: string;
}

function encodeHeader({ path: entryPath, type = 'File', linkpath }: TarEntry, size: number): Buffer {
  const header = new Header({
    path: entryPath,
    type,
    size,
    mode: type === 'Directory' ? 0o755 : 0o644,
    mtime: new Date(0),
    ...(linkpath ? { linkpath } : {}),
  });
  const block = Buffer.alloc(512);
  header.encode(block, 0);
  return block;
}

function encodeEntry(entry: TarEntry): Buffer {
  const data = Buffer.from(entry.body ?? '');
  const isFile = (entry.type ?? 'File') === 'File';
  const padded = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  data.copy(padded);
  return Buffer.concat([encodeHeader(entry, isFile ? data.length : 0), isFile ? padded : Buffer.alloc(0)]);
}

/** A tar of these entries (two zero blocks end the archive). */
function tar(entries: TarEntry[]): Buffer {
  return Buffer.concat([...entries.map(encodeEntry), Buffer.alloc(1024)]);
}

/** A .tar.gz of these entries. */
export function tarGz(entries: TarEntry[]): Buffer {
  return zlib.gzipSync(tar(entries));
}

/** `bytes` zero bytes, a megabyte at a time. */
function* zeros(bytes: number): Generator<Buffer> {
  const megabyte = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= megabyte.length)
    yield left >= megabyte.length ? megabyte : megabyte.subarray(0, left);
}

/** These parts gzipped as one stream (as `gzip` would): only the compressed bytes are held. */
function gzipStreamed(parts: Iterable<Buffer>): Promise<Buffer> {
  return buffer(Readable.from(parts).pipe(zlib.createGzip()));
}

/** A tarball of one file of `bytes` zeros: a few hundred KB per 100 MB. */
export function zeroFileBomb(bytes: number): Promise<Buffer> {
  return gzipStreamed(
    (function* () {
      yield encodeHeader({ path: './zeros.bin' }, bytes);
      yield* zeros(Math.ceil(bytes / 512) * 512 + 1024);
    })(),
  );
}

/** A small valid tarball, then `bytes` of zeros after its end, in the same gzip stream. */
export function paddedBomb(entries: TarEntry[], bytes: number): Promise<Buffer> {
  return gzipStreamed(
    (function* () {
      yield tar(entries);
      yield* zeros(bytes);
    })(),
  );
}

/** `count` empty files, headers alone: a few names (`./many/0`…), again and again. */
export function manyEntriesBomb(count: number): Promise<Buffer> {
  const names = 16;
  const batch = Buffer.concat(Array.from({ length: names }, (_, i) => encodeHeader({ path: `./many/${i}` }, 0)));
  return gzipStreamed(
    (function* () {
      for (let left = count; left > 0; left -= names) yield left >= names ? batch : batch.subarray(0, left * 512);
      yield Buffer.alloc(1024);
    })(),
  );
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
