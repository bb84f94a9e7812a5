/**
 * The tar side of an upload (tarball.ts): decompressed chunks in, files out, into the upload's
 * folder. node-tar parses; this counts and refuses — an entry whose path leaves the folder (`..`,
 * absolute, a drive letter, backslashes), checked on its header before any of it is written;
 * anything but files and folders (links, devices, FIFOs); more than the unpacked limit (every
 * decompressed byte: headers and padding too, so a bomb of zeros stops there) or the entry limit;
 * a tarball compressed twice, or one that goes on long after its end.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { addAbortSignal } from 'node:stream';
import { finished as writeFinished } from 'node:stream/promises';
import { Parser, type ReadEntry } from 'tar';
import { megabytes, UploadRefusal } from './upload-refusal';

export interface UnpackLimits {
  /** The most an upload may send (its compressed bytes). */
  uploadLimitBytes: number;
  /** The most it may decompress to, counting every byte of the tar (headers and padding too). */
  unpackedLimitBytes: number;
  /** Entries (files and folders) an upload may hold. */
  maxEntries?: number;
}

/** gzip's first two bytes: what an upload must start with, and what a tar inside it must not. */
export const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const ALLOWED_TYPES = new Set(['File', 'OldFile', 'Directory']);
export const DEFAULT_MAX_ENTRIES = 20_000;
// tar pads an archive to its record size after the two zero blocks that end it (10 KB for GNU tar,
// up to 1 MB with a large blocking factor); anything longer is not padding but a bomb of zeros.
const TRAILING_LIMIT_BYTES = 1024 * 1024;
// Pax and long-name headers are a few hundred bytes; node-tar would hold up to 1 MB of each as text.
const MAX_META_BYTES = 64 * 1024;
// Entries that contradict each other (a file where a folder is, a folder inside a file).
const CONFLICTING_ENTRY_CODES = new Set(['EISDIR', 'ENOTDIR', 'EEXIST']);
const FILES_IN_FLIGHT = 8;

export const unpackedTooLarge = (limits: UnpackLimits) =>
  new UploadRefusal(`The tarball unpacks to more than ${megabytes(limits.unpackedLimitBytes)} MB`, 413);

/** Why an entry's path is refused, or null: it must name something inside the folder. */
export function unsafeEntryPath(raw: string): string | null {
  if (!raw || raw.length > 512 || raw.includes('\0')) return 'an empty, overlong or NUL path';
  if (raw.includes('\\')) return 'a backslash (paths use /)';
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) return 'an absolute path';
  if (raw.split('/').includes('..')) return 'a .. segment';
  return null;
}

function describe(
  entry: ReadEntry,
  raw: string,
  limits: Required<UnpackLimits>,
  seen: { entries: number; bytes: number },
): UploadRefusal | null {
  const pathProblem = unsafeEntryPath(raw);
  if (pathProblem)
    return new UploadRefusal(
      `The tarball's entry "${raw.slice(0, 200)}" has ${pathProblem}: every entry must stay inside the build's folder`,
    );
  if (!ALLOWED_TYPES.has(entry.type))
    return new UploadRefusal(
      `The tarball's entry "${raw}" is a ${entry.type}: a build holds only files and folders (no links or devices)`,
    );
  seen.entries += 1;
  // The sizes the headers declare: a bomb is refused on its header, before its body is inflated.
  seen.bytes += entry.size ?? 0;
  if (seen.entries > limits.maxEntries)
    return new UploadRefusal(`The tarball holds more than ${limits.maxEntries} entries`, 413);
  if (seen.bytes > limits.unpackedLimitBytes) return unpackedTooLarge(limits);
  return null;
}

/**
 * Entries to disk in archive order: folders at once, files streamed from the archive. A file's
 * last bytes may still be on their way to the disk while the next entries are read — up to
 * FILES_IN_FLIGHT at once, so thousands of tiny files are not one disk round trip after another —
 * and the same path again waits for its first write (the last one wins, as with tar).
 */
function folderWriter(dir: string, signal: AbortSignal, fail: (error: unknown) => void) {
  const folders = new Set<string>();
  const inFlight = new Map<string, Promise<void>>();
  const conflict = (entry: ReadEntry, error: unknown) => {
    const { code } = error as NodeJS.ErrnoException;
    return code && CONFLICTING_ENTRY_CODES.has(code)
      ? new UploadRefusal(`The tarball's entry "${entry.path}" cannot be unpacked beside the others (${code})`)
      : error;
  };
  async function folder(target: string): Promise<void> {
    if (folders.has(target)) return;
    // A file still being written may be on this path or one above it: it must exist first, so
    // that the folder fails on it as it would in archive order. New folders are few.
    await Promise.all(inFlight.values());
    await fs.mkdir(target, { recursive: true, mode: 0o755 });
    folders.add(target);
  }
  return {
    async write(entry: ReadEntry): Promise<void> {
      // Resolved, so `./assets/` and the folder of `./assets/x.js` are the same path.
      const target = path.resolve(dir, entry.path);
      try {
        await inFlight.get(target);
        if (entry.type === 'Directory') {
          await folder(target);
          entry.resume();
          return;
        }
        await folder(path.dirname(target));
        while (inFlight.size >= FILES_IN_FLIGHT) await Promise.race(inFlight.values());
        // Modes come from the uploader's machine: the published copy needs readable files, nothing more.
        const file = addAbortSignal(signal, createWriteStream(target, { mode: 0o644 }));
        entry.pipe(file);
        const written = writeFinished(file)
          .finally(() => inFlight.delete(target))
          .catch((error: unknown) => fail(conflict(entry, error)));
        inFlight.set(target, written);
      } catch (error) {
        throw conflict(entry, error);
      }
    },
    /** Once every file is written (or has failed). */
    settled: async () => void (await Promise.all(inFlight.values())),
  };
}

/**
 * The tar side: decompressed chunks in, files out. node-tar parses; this counts and refuses. It is
 * fed nothing after the archive's end: node-tar keeps appending what follows to one buffer (a
 * `Buffer.concat` per chunk, quadratic), so trailing padding is counted here and dropped.
 */
export function tarWriter(
  dir: string,
  limits: Required<UnpackLimits>,
  signal: AbortSignal,
  fail: (error: unknown) => void,
) {
  const parser = new Parser({ strict: true, brotli: false, zstd: false, maxMetaEntrySize: MAX_META_BYTES });
  const seen = { entries: 0, bytes: 0 };
  let decompressed = 0;
  let trailing = 0;
  let atEnd = false;
  let head: Buffer | null = Buffer.alloc(0);
  const folder = folderWriter(dir, signal, fail);
  // Entries are taken one after another (node-tar hands over the next once this one is read). An
  // empty one (a folder, an empty file) is read at once, so node-tar runs on over them: they are held
  // until an entry with data comes or the archive ends, then written in archive order. The entry
  // limit bounds what is held (an object each) and is reached as fast as headers are read: a
  // million empty entries are refused in a moment, with nothing written, not after 20,000 files.
  let writes = Promise.resolve();
  let held: ReadEntry[] = [];
  const queue = (entry: ReadEntry) => {
    writes = writes.then(() => (signal.aborted ? undefined : folder.write(entry))).catch(fail);
  };
  const writeHeld = () => {
    for (const entry of held) queue(entry);
    held = [];
  };

  parser.on('error', fail);
  parser.on('eof', () => (atEnd = true));
  parser.on('entry', (entry: ReadEntry) => {
    if (signal.aborted) return;
    const refusal = describe(entry, entry.path, limits, seen);
    if (refusal) {
      fail(refusal);
      parser.abort(refusal);
      return;
    }
    if (!entry.size) {
      // Read now (nothing to read): node-tar goes on to the next header once an entry has ended.
      entry.resume();
      held.push(entry);
      return;
    }
    writeHeld();
    queue(entry);
  });

  async function feed(chunk: Buffer): Promise<void> {
    // node-tar would inflate gzip (or zstd) it finds inside, synchronously and all at once: a
    // tarball compressed twice is no build.
    if (head) {
      head = Buffer.concat([head, chunk]);
      if (head.length < GZIP_MAGIC.length) return;
      if (head.subarray(0, 2).equals(GZIP_MAGIC))
        throw new UploadRefusal('The tarball is gzip-compressed twice: send tar -czf of the dist folder');
      chunk = head;
      head = null;
    }
    // The parser reports when it wants no more for now; this waits (and so does the body).
    if (!parser.write(chunk)) await once(parser, 'drain', { signal });
  }

  return {
    async write(chunk: Buffer): Promise<void> {
      decompressed += chunk.length;
      if (decompressed > limits.unpackedLimitBytes) throw unpackedTooLarge(limits);
      if (atEnd) {
        trailing += chunk.length;
        if (trailing > TRAILING_LIMIT_BYTES)
          throw new UploadRefusal(
            `The tarball goes on for more than ${megabytes(TRAILING_LIMIT_BYTES)} MB after its end (two zero blocks)`,
          );
        return;
      }
      await feed(chunk);
    },
    async end(): Promise<void> {
      const ended = once(parser, 'end', { signal });
      // Under two bytes in all: handed over as they are, for node-tar to call them no archive.
      if (head?.length) parser.end(head);
      else parser.end();
      await ended;
      writeHeld();
      await writes;
      await folder.settled();
      signal.throwIfAborted();
      if (seen.entries === 0) throw new UploadRefusal('The tarball is empty');
    },
    /** Settles once no write is in flight: only then may the folder be removed. */
    settled: async () => {
      await writes;
      await folder.settled();
    },
  };
}
