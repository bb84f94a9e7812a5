/** The files of a version folder and their digests: what publish records, the gate checks and a cache verifies. */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isUtf8MimeType, mime } from '@fastify/send';

/** Each file of a version with its digest and size: what a store records and a cache checks. */
export type FileRecords = Record<string, { digest: string; bytes: number }>;

export const isFolder = (dir: string): Promise<boolean> =>
  fs.stat(dir).then(
    (st) => st.isDirectory(),
    () => false,
  );

/** Relative paths (with `/`) of every file below `dir`, sorted so a hash over them is stable. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    for (const entry of await fs.readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) out.push(child);
      // Symlinks and other special files are not part of a build.
    }
  }
  await walk('');
  return out.sort();
}

/** `sha384-…` of some bytes: the form Subresource Integrity and the deploy gate use. */
export function digestOf(bytes: Buffer): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** `sha384-…` of a file's bytes. */
export async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha384');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return `sha384-${hash.digest('base64')}`;
}

/** Every file of a folder with its digest and size. */
export async function folderDigests(dir: string): Promise<FileRecords> {
  const out: FileRecords = {};
  for (const rel of await listFiles(dir)) {
    const file = path.join(dir, rel);
    out[rel] = { digest: await fileDigest(file), bytes: (await fs.stat(file)).size };
  }
  return out;
}

/**
 * The content type a version's file is sent with: the one the app server's static files send
 * (`@fastify/send`), so a file reads the same from the server, the store or a CDN in front of it.
 * A precompressed variant (`x.js.br`) has its file's type; its encoding is said when it is sent.
 */
export function contentTypeOf(rel: string): string {
  const type = mime.getType(rel.replace(/\.(br|gz)$/, '')) ?? 'application/octet-stream';
  return isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

/**
 * Moves a version's folder to `target` in one step, so it is never seen half there: a rename, or
 * on another disk a copy beside `target` (dot-named: never a version, never served) renamed into
 * place. False when `target` was there already (another server or call put the same version
 * there: the same bytes); `from` is gone either way.
 */
export async function moveFolderInto(from: string, target: string): Promise<boolean> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  let source = from;
  try {
    try {
      await fs.rename(source, target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      source = path.join(path.dirname(target), `.move-${path.basename(target)}-${randomBytes(4).toString('hex')}`);
      await fs.cp(from, source, { recursive: true });
      await fs.rename(source, target);
      return true;
    }
  } catch (error) {
    if (await isFolder(target)) return false;
    throw error;
  } finally {
    await fs.rm(from, { recursive: true, force: true });
    if (source !== from) await fs.rm(source, { recursive: true, force: true });
  }
}
