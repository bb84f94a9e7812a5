/**
 * Where deploy jobs are kept (release/jobs/jobs.ts runs them): one record per job, read by every
 * app server
 * that shares the platform's state — a job started on one is followed, or cancelled, through
 * another. With the folder store, a file per job in `BUILDS_DIR/.jobs/` (a hidden folder: never
 * served: folder-jobs.ts), beside the rest of the release's state; with PostgreSQL, a row of
 * `deploy_jobs` (postgres-jobs.ts). `JobStore` is all the rest of the code knows of either.
 */
import { randomBytes } from 'node:crypto';

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

/** The deploy jobs' records: work in flux, never served, never backed up (a restored site starts with none). */
export const JOB_RECORDS_FOLDER = '.jobs';

export const JOB_ID_RE = /^[0-9a-z]{6,12}-[0-9a-f]{12}$/;
