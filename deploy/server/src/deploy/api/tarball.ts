/**
 * An uploaded build: a gzip-compressed tar of a dist folder (its files at the archive's root,
 * `tar -czf build.tar.gz -C dist .`). It is unpacked into a fresh temporary folder outside the
 * builds folder — so nothing half-unpacked or refused is ever beside the published versions — and
 * removed again whatever happens.
 *
 * Refused, before anything is published: data that is not gzip, not tar, or truncated; an entry
 * whose path leaves the folder (`..`, absolute, a drive letter, backslashes); anything but files
 * and folders (symbolic and hard links, devices, FIFOs: a build never needs them, and a link is a
 * way out of the folder); more than the unpacked size or entry limits (a gzip bomb).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { list, type Parser, type ReadEntry, type Unpack, x as extract } from 'tar';

export class UploadRefusal extends Error {
  override readonly name = 'UploadRefusal';
  constructor(
    message: string,
    /** 400 for a malformed upload, 413 for one too large. */
    readonly statusCode: 400 | 413 = 400,
  ) {
    super(message);
  }
}

export interface UnpackLimits {
  unpackedLimitBytes: number;
  /** Entries (files and folders) an upload may hold. */
  maxEntries?: number;
}

export interface UploadOptions extends UnpackLimits {
  /** Where uploads are unpacked (DEPLOY_UPLOAD_TMP_DIR; the OS temp folder by default). */
  uploadTmpDir?: string;
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const ALLOWED_TYPES = new Set(['File', 'OldFile', 'Directory']);
const DEFAULT_MAX_ENTRIES = 20_000;
// node-tar's codes for data that is not a (whole) gzip-compressed tar archive.
const MALFORMED_CODES = /^(TAR_BAD_ARCHIVE|TAR_ENTRY_INVALID|Z_)/;

/** Why an entry's path is refused, or null: it must name something inside the folder. */
export function unsafeEntryPath(raw: string): string | null {
  if (!raw || raw.length > 512 || raw.includes('\0')) return 'an empty, overlong or NUL path';
  if (raw.includes('\\')) return 'a backslash (paths use /)';
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) return 'an absolute path';
  if (raw.split('/').includes('..')) return 'a .. segment';
  return null;
}

function describe(entry: ReadEntry, raw: string, limits: Required<UnpackLimits>, seen: { entries: number; bytes: number }): UploadRefusal | null {
  const pathProblem = unsafeEntryPath(raw);
  if (pathProblem) return new UploadRefusal(`The tarball's entry "${raw.slice(0, 200)}" has ${pathProblem}: every entry must stay inside the build's folder`);
  if (!ALLOWED_TYPES.has(entry.type)) return new UploadRefusal(`The tarball's entry "${raw}" is a ${entry.type}: a build holds only files and folders (no links or devices)`);
  seen.entries += 1;
  seen.bytes += entry.size ?? 0;
  if (seen.entries > limits.maxEntries) return new UploadRefusal(`The tarball holds more than ${limits.maxEntries} entries`, 413);
  if (seen.bytes > limits.unpackedLimitBytes) return new UploadRefusal(`The tarball unpacks to more than ${Math.round(limits.unpackedLimitBytes / 1024 / 1024)} MB`, 413);
  return null;
}

/** Waits for a tar stream to consume `tarball`; node-tar's errors for malformed data become a refusal. */
async function consume(stream: Unpack | Parser, tarball: Buffer): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      stream.on('error', reject);
      stream.on('close', () => resolve());
      stream.on('end', () => resolve());
      stream.end(tarball);
    });
  } catch (error) {
    if (error instanceof UploadRefusal) throw error;
    const { code, message } = error as NodeJS.ErrnoException;
    if ((code && MALFORMED_CODES.test(code)) || /zlib|gzip|tar/i.test(message)) {
      throw new UploadRefusal(`The upload is not a whole gzip-compressed tar archive (${message})`);
    }
    throw error;
  }
}

/**
 * Reads every header before anything is written: a refused entry then never reaches the disk, and
 * the extraction below has no refusal to stop half-way (a stopped extraction may still be writing).
 */
async function validate(tarball: Buffer, limits: Required<UnpackLimits>): Promise<void> {
  const seen = { entries: 0, bytes: 0 };
  let refusal: UploadRefusal | null = null;
  const parser: Parser = list({
    strict: true,
    onReadEntry: (entry) => {
      entry.resume();
      if (refusal) return;
      refusal = describe(entry, entry.path, limits, seen);
      // No need to read on (a gzip bomb would keep the CPU busy for nothing).
      if (refusal) parser.abort(refusal);
    },
  }) as Parser;
  await consume(parser, tarball).catch((error: unknown) => {
    throw refusal ?? error;
  });
  if (refusal) throw refusal;
  if (seen.entries === 0) throw new UploadRefusal('The tarball is empty');
}

async function unpackInto(dir: string, tarball: Buffer): Promise<void> {
  const unpack = extract({
    cwd: dir,
    strict: true,
    filter: (_path, entry) => {
      // Modes come from the uploader's machine: the published copy needs readable files, nothing more.
      (entry as ReadEntry).mode = (entry as ReadEntry).type === 'Directory' ? 0o755 : 0o644;
      return true;
    },
  });
  await consume(unpack, tarball);
}

/** Unpacks `tarball` into a temporary folder, runs `use` on it, and removes the folder. */
export async function withUnpackedUpload<T>(tarball: Buffer, { uploadTmpDir = os.tmpdir(), ...limits }: UploadOptions, use: (dir: string) => Promise<T>): Promise<T> {
  if (tarball.length < GZIP_MAGIC.length || !tarball.subarray(0, 2).equals(GZIP_MAGIC)) {
    throw new UploadRefusal('The upload is not gzip data: send a .tar.gz of the dist folder (tar -czf build.tar.gz -C dist .)');
  }
  await validate(tarball, { maxEntries: DEFAULT_MAX_ENTRIES, ...limits });
  const dir = await fs.mkdtemp(path.join(uploadTmpDir, 'steel-deploy-upload-'));
  try {
    await unpackInto(dir, tarball);
    return await use(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}
