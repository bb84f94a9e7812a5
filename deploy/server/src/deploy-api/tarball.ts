/**
 * An uploaded build: a gzip-compressed tar of a dist folder (its files at the archive's root,
 * `tar -czf build.tar.gz -C dist .`). It is unpacked as it arrives — request body → gunzip → tar
 * parser → files, a chunk at a time — into a fresh temporary folder outside the builds folder, so
 * nothing half-unpacked or refused is ever beside the published versions, and that folder is
 * removed again whatever happens. Memory stays at a few chunks whatever the archive holds.
 *
 * Refused, before anything is published: data that is not gzip, not tar, or truncated; an entry
 * whose path leaves the folder (`..`, absolute, a drive letter, backslashes) — checked on its
 * header, before any of it is written; anything but files and folders (symbolic and hard links,
 * devices, FIFOs: a build never needs them, and a link is a way out of the folder); more than the
 * upload limit (compressed bytes), the unpacked limit (every decompressed byte: headers and padding
 * too, so a bomb of zeros stops there) or the entry limit; a body that stalls, trickles (under
 * 10 KB/s for 10 s) or drags on. Each
 * limit is checked on what has been read so far, and the first one crossed stops all the work.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addAbortSignal, finished, type Readable, Transform } from 'node:stream';
import { finished as writeFinished, pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';

export class UploadRefusal extends Error {
  override readonly name = 'UploadRefusal';
  constructor(
    message: string,
    /** 400 for a malformed upload, 408 for one that stalls, 413 for one too large. */
    readonly statusCode: 400 | 408 | 413 = 400,
  ) {
    super(message);
  }
}

export interface UnpackLimits {
  /** The most an upload may send (its compressed bytes). */
  uploadLimitBytes: number;
  /** The most it may decompress to, counting every byte of the tar (headers and padding too). */
  unpackedLimitBytes: number;
  /** Entries (files and folders) an upload may hold. */
  maxEntries?: number;
}

export interface UploadOptions extends UnpackLimits {
  /** Where uploads are unpacked (DEPLOY_UPLOAD_TMP_DIR; the OS temp folder by default). */
  uploadTmpDir?: string;
  /** The body's length as its sender declared it (content-length): too large is refused unread. */
  declaredBytes?: number;
  /** The longest the body may pause before it is refused. */
  idleTimeoutMs?: number;
  /** The longest an upload may take altogether. */
  timeLimitMs?: number;
  /** The slowest a sender may send: at least `bytes` in every `windowMs` while this server waits for it. */
  minimumRate?: MinimumRate;
}

export interface MinimumRate {
  bytes: number;
  windowMs: number;
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const ALLOWED_TYPES = new Set(['File', 'OldFile', 'Directory']);
const DEFAULT_MAX_ENTRIES = 20_000;
// A connection that sends nothing for this long is not a deploy in progress.
const IDLE_TIMEOUT_MS = 30_000;
// 50 MB (the default upload limit) in 15 minutes is under 60 KB/s: slower is not worth holding open.
const TIME_LIMIT_MS = 15 * 60_000;
// Under 10 KB/s for 10 s is a connection held open, not a deploy: any link a team deploys over is
// far faster, and a trickle that always sends a little would otherwise keep one for 15 minutes.
const MINIMUM_RATE: MinimumRate = { bytes: 100 * 1024, windowMs: 10_000 };
// tar pads an archive to its record size after the two zero blocks that end it (10 KB for GNU tar,
// up to 1 MB with a large blocking factor); anything longer is not padding but a bomb of zeros.
const TRAILING_LIMIT_BYTES = 1024 * 1024;
// Pax and long-name headers are a few hundred bytes; node-tar would hold up to 1 MB of each as text.
const MAX_META_BYTES = 64 * 1024;
// node-tar's codes for data that is not a (whole) tar archive, and zlib's for data that is not (whole) gzip.
const MALFORMED_CODES = /^(TAR_BAD_ARCHIVE|TAR_ENTRY_INVALID|Z_)/;
// Entries that contradict each other (a file where a folder is, a folder inside a file).
const CONFLICTING_ENTRY_CODES = new Set(['EISDIR', 'ENOTDIR', 'EEXIST']);
const FILES_IN_FLIGHT = 8;

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
const duration = (ms: number) => (ms < 60_000 ? `${ms / 1000} s` : `${ms / 60_000} minutes`);
const tooLarge = (limitBytes: number) =>
  new UploadRefusal(`The upload is larger than ${megabytes(limitBytes)} MB (DEPLOY_UPLOAD_LIMIT_MB)`, 413);
const unpackedTooLarge = (limits: UnpackLimits) =>
  new UploadRefusal(`The tarball unpacks to more than ${megabytes(limits.unpackedLimitBytes)} MB`, 413);
const notGzip = () =>
  new UploadRefusal('The upload is not gzip data: send a .tar.gz of the dist folder (tar -czf build.tar.gz -C dist .)');

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

/** zlib's and node-tar's errors for malformed data become a refusal; anything else stays what it is. */
function asRefusal(error: unknown): unknown {
  if (error instanceof UploadRefusal) return error;
  const { code, message } = error as NodeJS.ErrnoException;
  if ((code && MALFORMED_CODES.test(code)) || /zlib|gzip|tar/i.test(message)) {
    return new UploadRefusal(`The upload is not a whole gzip-compressed tar archive (${message})`);
  }
  return error;
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
function tarWriter(dir: string, limits: Required<UnpackLimits>, signal: AbortSignal, fail: (error: unknown) => void) {
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

/** Reads the rest of a refused body off the wire, within bounds, so the answer reaches its sender. */
function discardRest(body: Readable, limitBytes: number): void {
  if (body.readableEnded || body.destroyed) return;
  let read = 0;
  const giveUp = setTimeout(() => body.destroy(), IDLE_TIMEOUT_MS);
  giveUp.unref();
  body.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > limitBytes) body.destroy();
  });
  body.once('close', () => clearTimeout(giveUp));
  body.resume();
}

async function unpack(
  body: Readable,
  dir: string,
  limits: Required<UnpackLimits>,
  timing: { idleTimeoutMs: number; timeLimitMs: number; minimumRate: MinimumRate },
): Promise<void> {
  // The first failure stops every stream and every write of this upload.
  const stop = new AbortController();
  const fail = (error: unknown) => {
    if (!stop.signal.aborted) stop.abort(error);
  };
  const stalled = () =>
    fail(new UploadRefusal(`The upload stalled: nothing arrived for ${duration(timing.idleTimeoutMs)}`, 408));
  const idle = setTimeout(stalled, timing.idleTimeoutMs);
  const deadline = setTimeout(
    () => fail(new UploadRefusal(`The upload took longer than ${duration(timing.timeLimitMs)}`, 408)),
    timing.timeLimitMs,
  );

  let sent = 0;
  // The rate is the sender's only while this server waits for it: a window in which the unpacking
  // held the body back (a slow disk, many files) is not judged.
  let sentAtWindowStart = 0;
  let heldBack = false;
  const slowSender = setInterval(() => {
    const paused = heldBack || body.isPaused();
    if (!paused && sent - sentAtWindowStart < timing.minimumRate.bytes) {
      const { bytes, windowMs } = timing.minimumRate;
      fail(
        new UploadRefusal(
          `The upload is too slow: under ${Math.round(bytes / 1024)} KB in ${duration(windowMs)} (at least ${Math.round(bytes / 1024 / (windowMs / 1000))} KB/s)`,
          408,
        ),
      );
    }
    sentAtWindowStart = sent;
    heldBack = false;
  }, timing.minimumRate.windowMs);
  const received = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      idle.refresh();
      if (sent === 0 && chunk.length >= GZIP_MAGIC.length && !chunk.subarray(0, 2).equals(GZIP_MAGIC))
        return done(notGzip());
      sent += chunk.length;
      if (sent > limits.uploadLimitBytes) return done(tooLarge(limits.uploadLimitBytes));
      done(null, chunk);
    },
    flush(done) {
      done(sent < GZIP_MAGIC.length ? notGzip() : null);
    },
  });
  // A sender that goes away mid-upload: nothing more will come.
  finished(body, { writable: false }, (error) => {
    if (error) fail(new UploadRefusal('The upload was cut off before its end'));
  });
  body.pipe(received);
  received.on('drain', () => (heldBack = true));

  const tar = tarWriter(dir, limits, stop.signal, fail);
  try {
    await pipeline(
      received,
      zlib.createGunzip(),
      async (chunks: AsyncIterable<Buffer>) => {
        try {
          for await (const chunk of chunks) await tar.write(chunk);
          await tar.end();
        } catch (error) {
          // Before the pipeline reports the streams it tears down as aborted instead.
          fail(error);
          throw error;
        }
      },
      { signal: stop.signal },
    );
  } catch (error) {
    fail(error);
    throw asRefusal(stop.signal.reason);
  } finally {
    clearTimeout(idle);
    clearTimeout(deadline);
    clearInterval(slowSender);
    body.unpipe(received);
    discardRest(body, limits.uploadLimitBytes);
    await tar.settled();
  }
}

/**
 * Unpacks the upload `body` into a fresh temporary folder and gives its path: the caller owns it
 * from then on (a deploy job publishes from it, then removes it). Nothing is left of a refused one.
 */
export async function unpackUpload(body: Readable, options: UploadOptions): Promise<string> {
  const {
    uploadTmpDir = os.tmpdir(),
    declaredBytes,
    idleTimeoutMs = IDLE_TIMEOUT_MS,
    timeLimitMs = TIME_LIMIT_MS,
    minimumRate = MINIMUM_RATE,
    ...limits
  } = options;
  if (declaredBytes !== undefined && declaredBytes > limits.uploadLimitBytes) {
    discardRest(body, limits.uploadLimitBytes);
    throw tooLarge(limits.uploadLimitBytes);
  }
  const dir = await fs.mkdtemp(path.join(uploadTmpDir, 'steel-deploy-upload-'));
  try {
    await unpack(
      body,
      dir,
      { maxEntries: DEFAULT_MAX_ENTRIES, ...limits },
      { idleTimeoutMs, timeLimitMs, minimumRate },
    );
    return dir;
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 3 });
    throw error;
  }
}

/** Unpacks the upload `body` into a temporary folder, runs `use` on it, and removes the folder. */
export async function withUnpackedUpload<T>(
  body: Readable,
  options: UploadOptions,
  use: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = await unpackUpload(body, options);
  try {
    return await use(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}
