/**
 * Making, restoring and pruning backups of a list of parts (site-parts.ts). A backup is a folder
 * `steel-backup-<UTC time>/` with a folder per part and its contents list (`manifest.json`) saying
 * what each holds or why it was left out. It is written under a hidden name and renamed when
 * whole, so a folder of that name is always a complete backup; readable by its owner only (it
 * holds customers' data).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BackupPart, PartRecord } from './backup-part';
import { ownLikeFolder } from './backup-part';

/** What a backup holds, part by part: its contents list. */
export interface BackupContents {
  format: 1;
  /** When it was made (ISO). */
  made: string;
  host: string;
  parts: PartRecord[];
}

const PREFIX = 'steel-backup-';
/** The contents list's file, named so since the first backups: a restore reads every backup made before. */
const CONTENTS_FILE = 'manifest.json';

const sizeText = (bytes = 0) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;

/** One line about a part, as the backup and the restore print it. */
export function describePart(record: PartRecord): string {
  if (!record.included) return `${record.name}: ${record.note}`;
  const size =
    record.files === undefined
      ? ''
      : ` (${record.files} file${record.files === 1 ? '' : 's'}, ${sizeText(record.bytes)})`;
  return `${record.name}: ${record.holds}${size}${record.note ? `; ${record.note}` : ''}`;
}

/** Makes a backup of `parts` in the folder `into`; returns its folder and contents list. */
export async function makeBackup(
  parts: BackupPart[],
  into: string,
  log: (line: string) => void = console.log,
): Promise<{ dir: string; contents: BackupContents }> {
  const made = new Date();
  const name = `${PREFIX}${made.toISOString().replace(/[:.]/g, '-')}`;
  const partial = path.join(into, `.${name}.partial`);
  await fs.mkdir(into, { recursive: true });
  await fs.mkdir(partial, { mode: 0o700 });
  try {
    const records: PartRecord[] = [];
    for (const part of parts) {
      const started = Date.now();
      const dir = path.join(partial, part.name);
      await fs.mkdir(dir);
      const record: PartRecord = { name: part.name, holds: part.holds, ...(await part.backup(dir)) };
      records.push(record);
      log(`[backup] ${describePart(record)} — ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const contents: BackupContents = { format: 1, made: made.toISOString(), host: os.hostname(), parts: records };
    await fs.writeFile(path.join(partial, CONTENTS_FILE), `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600 });
    // Made by root by hand, it is still the backup user's to prune.
    await ownLikeFolder(partial, into);
    const dir = path.join(into, name);
    await fs.rename(partial, dir);
    return { dir, contents };
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

export async function readBackupContents(backupDir: string): Promise<BackupContents> {
  const text = await fs.readFile(path.join(backupDir, CONTENTS_FILE), 'utf8').catch(() => {
    throw new Error(`${backupDir} is not a backup (no ${CONTENTS_FILE}; a backup folder is named ${PREFIX}<time>)`);
  });
  const contents = JSON.parse(text) as BackupContents;
  if (contents.format !== 1) throw new Error(`${backupDir}: unknown backup format ${String(contents.format)}`);
  return contents;
}

/**
 * Puts `parts` back from the backup in `backupDir`, in the reverse order of the backup's. Checks
 * first that every part can be (every part there, the database's copy reads whole, the
 * passphrase opens the secrets): a backup that cannot be restored whole changes nothing.
 */
export async function restoreBackup(
  parts: BackupPart[],
  backupDir: string,
  log: (line: string) => void = console.log,
): Promise<BackupContents> {
  const contents = await readBackupContents(backupDir);
  const recordOf = (part: BackupPart) => {
    const record = contents.parts.find((one) => one.name === part.name);
    if (!record) throw new Error(`${backupDir} has no ${part.name} (made by another version?): nothing was restored`);
    return record;
  };
  for (const part of parts) await part.verify?.(path.join(backupDir, part.name), recordOf(part));
  for (const part of [...parts].reverse()) {
    const started = Date.now();
    const record = recordOf(part);
    await part.restore(path.join(backupDir, part.name), record);
    log(
      `[restore] ${record.included ? `${part.name}: put back` : `${part.name}: not in the backup, left as it is`} — ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return contents;
}

/** A half-made backup this old is a dead run's (a backup takes minutes): pruning removes it. */
const DEAD_PARTIAL_MS = 24 * 60 * 60 * 1000;

/** Removes all but the newest `keep` complete backups in `into`, and dead runs' half-made ones; their names. */
export async function pruneBackups(into: string, keep: number): Promise<string[]> {
  const names = await fs.readdir(into);
  const complete = names.filter((name) => name.startsWith(PREFIX)).sort();
  const removed = complete.slice(0, Math.max(0, complete.length - keep));
  for (const name of names.filter((one) => one.startsWith(`.${PREFIX}`) && one.endsWith('.partial'))) {
    const { mtimeMs } = await fs.stat(path.join(into, name));
    if (Date.now() - mtimeMs > DEAD_PARTIAL_MS) removed.push(name);
  }
  for (const name of removed) await fs.rm(path.join(into, name), { recursive: true, force: true });
  return removed;
}
