/**
 * Deploy jobs in the builds folder (the folder state's, for `npm start` and one machine): a file per
 * job in `BUILDS_DIR/.jobs/`, each written whole, a change of one under its own file lock.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { withFileLock } from './file-lock';
import { FINISHED, JOB_ID_RE, JOB_RECORDS_FOLDER, type JobRecord, type JobStore } from './job-store';

const RECORD_LOCK_WAIT_MS = 10_000;

/** The builds folder's job records: `BUILDS_DIR/.jobs/<id>.json`, each written whole (a temporary file renamed over it). */
export function fileJobStore(buildsDir: string): JobStore {
  const dir = path.join(buildsDir, JOB_RECORDS_FOLDER);
  const file = (id: string) => {
    if (!JOB_ID_RE.test(id)) throw new Error(`Invalid job id "${id}"`);
    return path.join(dir, `${id}.json`);
  };
  const read = async (id: string): Promise<JobRecord | null> => {
    if (!JOB_ID_RE.test(id)) return null;
    const text = await fs.readFile(file(id), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    return text === null ? null : (JSON.parse(text) as JobRecord);
  };
  const write = async (record: JobRecord) => {
    const target = file(record.id);
    const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temporary, `${JSON.stringify(record)}\n`);
      await fs.rename(temporary, target);
    } finally {
      await fs.rm(temporary, { force: true });
    }
  };
  const records = async (): Promise<JobRecord[]> => {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const ids = names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length));
    return (await Promise.all(ids.map((id) => read(id).catch(() => null)))).filter(
      (record): record is JobRecord => record !== null,
    );
  };
  return {
    async create(record) {
      await fs.mkdir(dir, { recursive: true });
      await write(record);
    },
    read,
    update: (id, change) =>
      withFileLock(`${file(id)}.lock`, { waitMs: RECORD_LOCK_WAIT_MS }, async () => {
        const record = await read(id);
        if (!record) throw new Error(`No job ${id}`);
        const changed = change(record);
        await write(changed);
        return changed;
      }),
    async list(app, limit) {
      return (await records())
        .filter((record) => record.app === app)
        .sort((a, b) => b.id.localeCompare(a.id))
        .slice(0, limit);
    },
    async forget(before) {
      for (const record of await records()) {
        if (FINISHED.has(record.state) && Date.parse(record.updatedAt) < before)
          await fs.rm(file(record.id), { force: true });
      }
    },
  };
}
