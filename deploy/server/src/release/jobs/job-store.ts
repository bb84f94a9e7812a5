/**
 * Where deploy jobs are kept (jobs.ts runs them): one record per job, read by every app server
 * that shares the builds folder — a job started on one is followed, or cancelled, through
 * another. Today a file per job in `BUILDS_DIR/.jobs/` (a hidden folder: never served), beside the
 * rest of the release's state; `JobStore` is all the rest of the code knows of it, so the records
 * can move with that state into a database without touching a route.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { JOB_RECORDS_FOLDER } from '../../live-set/builds-folder';
import { withFileLock } from '../../platform-state/file-lock';

export type JobKind =
  'publish' | 'check' | 'activate' | 'canary' | 'promote' | 'abort' | 'rollback' | 'app-add' | 'app-remove';

/** `queued` until its address reached the client, then `running` until it ends one of the last three ways. */
export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export const FINISHED: ReadonlySet<JobState> = new Set(['succeeded', 'failed', 'cancelled']);

export interface JobRecord {
  id: string;
  kind: JobKind;
  /** The app it acts on (the platform's `apps` jobs: the app registered or removed). */
  app: string;
  /** Who asked: the deploy key's name. */
  by: string;
  /** What was asked (version, percent, force…), as the client sent it. */
  request: Record<string, unknown>;
  state: JobState;
  /** What it is doing now, one line for a person following it. */
  step: string;
  /** Goes up with every change, so a follower can wait for the next one. */
  revision: number;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** Past the point of no return: it is writing the live set (or the version's folder). A cancel now is refused. */
  committing: boolean;
  /** What it has written so far, each at a point of no return (`published blog <version>`, `blog <version> live`). */
  done: string[];
  /** Someone asked to cancel: the job stops at its next point of no return instead of passing it. */
  cancelRequested: boolean;
  /** What the call answered before it was a job (version, previous, gate…), once it succeeded. */
  result: Record<string, unknown> | null;
  /** Why it failed or was cancelled: the HTTP status the call would have had and one line. */
  error: { status: number; message: string } | null;
  /** The process running it (`pid@host`) and when it last said it was alive (ms). */
  runner: string;
  heartbeatAt: number;
}

export interface JobStore {
  create(record: JobRecord): Promise<void>;
  read(id: string): Promise<JobRecord | null>;
  /** Read, change and write one record, never interleaved with another change of it (a step and a cancel both stay). */
  update(id: string, change: (record: JobRecord) => JobRecord): Promise<JobRecord>;
  /** The app's jobs, newest first. */
  list(app: string, limit: number): Promise<JobRecord[]>;
  /** Drops finished records older than `before` (ms). */
  forget(before: number): Promise<void>;
}

/** Ids sort by creation time and cannot be guessed. */
export function newJobId(): string {
  return `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
}

export const JOB_ID_RE = /^[0-9a-z]{6,12}-[0-9a-f]{12}$/;

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
