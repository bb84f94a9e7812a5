/**
 * A backup is a list of parts, each the owner of one thing the site cannot rebuild and of how it
 * is copied and put back (site-parts.ts lists them). When a thing moves — the platform's state
 * into PostgreSQL, the builds into an object store — its part changes, and nothing else does.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** What the backup's contents list says of a part. */
export interface PartRecord {
  name: string;
  /** What it holds, in a sentence. */
  holds: string;
  /** False when it was left out on purpose (then `note` says why and what that means). */
  included: boolean;
  note?: string;
  files?: number;
  bytes?: number;
}

export interface BackupPart {
  /** Its folder in a backup and its name in the contents list and in messages. */
  name: string;
  holds: string;
  /** Copies the thing into `dir` (empty, the part's own). What it says beyond name and holds. */
  backup(dir: string): Promise<Omit<PartRecord, 'name' | 'holds'>>;
  /** Throws when the part cannot be put back (before any part is): a missing or wrong passphrase. */
  verify?(dir: string, record: PartRecord): Promise<void>;
  /** Puts the thing back from `dir` (as `backup` wrote it), replacing what is there. */
  restore(dir: string, record: PartRecord): Promise<void>;
}

/** How many files and bytes are below `dir` (a part's folder, after its backup). */
export async function measure(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * Run as root (an operator on a server), gives `entry` and everything below it the owner of
 * `folder`, the folder it was written into: the services' user (`steel`) owns what it owned
 * before, and root keeps what is root's (the secrets file in /etc/steel).
 */
export async function ownLikeFolder(entry: string, folder: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = await fs.stat(folder);
  if (uid === 0 && gid === 0) return;
  await fs.lchown(entry, uid, gid);
  if (!(await fs.lstat(entry)).isDirectory()) return;
  for (const below of await fs.readdir(entry, { withFileTypes: true, recursive: true }))
    await fs.lchown(path.join(below.parentPath, below.name), uid, gid);
}

/**
 * Writes `target` from `source` so readers see the old file or the new, never half (a temporary
 * name beside it, then a rename), with `mode`, owned like its folder.
 */
export async function replaceFile(source: string, target: string, mode = 0o600): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const next = `${target}.${process.pid}.restoring`;
  await fs.copyFile(source, next);
  await fs.chmod(next, mode);
  await ownLikeFolder(next, path.dirname(target));
  await fs.rename(next, target);
}

/** One file as a part: copied as it is (absent is recorded, and restores to absent). */
export function filePart(name: string, holds: string, file: string): BackupPart {
  return {
    name,
    holds,
    async backup(dir) {
      try {
        await fs.copyFile(file, path.join(dir, path.basename(file)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        return { included: true, note: `${file} did not exist` };
      }
      return { included: true, ...(await measure(dir)) };
    },
    async restore(dir) {
      const copy = path.join(dir, path.basename(file));
      const there = await fs.stat(copy).then(
        () => true,
        () => false,
      );
      if (there) await replaceFile(copy, file);
      else await fs.rm(file, { force: true });
    },
  };
}
