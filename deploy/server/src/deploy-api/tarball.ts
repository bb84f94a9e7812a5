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
 * This file is the wire side (the body, its pace and size, gunzip); the tar side, entries to
 * files, is tar-writer.ts.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { DEFAULT_MAX_ENTRIES, GZIP_MAGIC, tarWriter, type UnpackLimits } from './tar-writer';
import { megabytes, UploadRefusal } from './upload-refusal';

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

// A connection that sends nothing for this long is not a deploy in progress.
const IDLE_TIMEOUT_MS = 30_000;
// 50 MB (the default upload limit) in 15 minutes is under 60 KB/s: slower is not worth holding open.
const TIME_LIMIT_MS = 15 * 60_000;
// Under 10 KB/s for 10 s is a connection held open, not a deploy: any link a team deploys over is
// far faster, and a trickle that always sends a little would otherwise keep one for 15 minutes.
const MINIMUM_RATE: MinimumRate = { bytes: 100 * 1024, windowMs: 10_000 };
// node-tar's codes for data that is not a (whole) tar archive, and zlib's for data that is not (whole) gzip.
const MALFORMED_CODES = /^(TAR_BAD_ARCHIVE|TAR_ENTRY_INVALID|Z_)/;

const duration = (ms: number) => (ms < 60_000 ? `${ms / 1000} s` : `${ms / 60_000} minutes`);
const tooLarge = (limitBytes: number) =>
  new UploadRefusal(`The upload is larger than ${megabytes(limitBytes)} MB (DEPLOY_UPLOAD_LIMIT_MB)`, 413);
const notGzip = () =>
  new UploadRefusal('The upload is not gzip data: send a .tar.gz of the dist folder (tar -czf build.tar.gz -C dist .)');

/** zlib's and node-tar's errors for malformed data become a refusal; anything else stays what it is. */
function asRefusal(error: unknown): unknown {
  if (error instanceof UploadRefusal) return error;
  const { code, message } = error as NodeJS.ErrnoException;
  if ((code && MALFORMED_CODES.test(code)) || /zlib|gzip|tar/i.test(message)) {
    return new UploadRefusal(`The upload is not a whole gzip-compressed tar archive (${message})`);
  }
  return error;
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
