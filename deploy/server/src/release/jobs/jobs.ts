/**
 * Deploy jobs (docs/architecture.md, "Deploying a remote"): a deploy call whose work may outlast what a
 * proxy or a client waits for — a publish, the gate, a change of the live set, which waits its turn
 * behind the deploy lock — is recorded as a job and answered at once with the job's address; the
 * work goes on here, whatever the client does, and its record says where it is and how it ended.
 *
 * No surprise afterwards: a job is started only once its address was handed to the client (a
 * client that left before is told nothing and nothing is done: `abandon`), and every job has a
 * point of no return (`commit`, just before the live set or the builds folder is written). A
 * cancel before it is certain — the job ends there and changes nothing — and a cancel after it is
 * refused, with the job's outcome to follow. A job whose server died is settled by whoever reads
 * it next: nothing was changed unless it had passed its point of no return.
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { FINISHED, type JobKind, type JobRecord, type JobStore, newJobId } from '../../platform-state/job-store';

/** The job ended before its point of no return: cancelled, or its server is stopping. */
export class JobCancelled extends Error {
  override readonly name = 'JobCancelled';
}

/** A cancel that comes after the point of no return, or for a job that has ended. */
export class JobNotCancellable extends Error {
  override readonly name = 'JobNotCancellable';
  constructor(
    message: string,
    readonly record: JobRecord,
  ) {
    super(message);
  }
}

export interface JobContext {
  readonly id: string;
  /** Says what the job does now; stops it (JobCancelled) when a cancel was asked meanwhile. */
  step(line: string): Promise<void>;
  /**
   * The point of no return: runs `write` (the change: `what`, said in the record once written)
   * unless the job was cancelled or its server is stopping (JobCancelled, nothing written); while
   * it runs, a cancel is refused.
   */
  commit<T>(what: string, write: () => Promise<T>): Promise<T>;
}

export interface JobFailure {
  status: number;
  message: string;
}

export interface Asked {
  kind: JobKind;
  app: string;
  by: string;
  request: Record<string, unknown>;
}

export interface JobsOptions {
  store: JobStore;
  /** The status and one line a failure is answered with (the deploy API's mapping of the release's refusals). */
  describeFailure: (error: unknown, record: JobRecord) => JobFailure | null;
  /** A failure nothing describes: a fault of the server, logged with its stack. */
  onFault?: (error: unknown, record: JobRecord) => void;
}

/** A running job says it is alive this often; one silent for `LOST_AFTER_MS` died with its server. */
const HEARTBEAT_MS = 5_000;
const LOST_AFTER_MS = 30_000;
/** How often a follower rereads a record it waits on (records may be written by another server). */
const FOLLOW_POLL_MS = 200;
/** Finished jobs are kept this long for their clients and the console. */
const KEEP_FINISHED_MS = 7 * 24 * 3600_000;

const RUNNER = `${process.pid}@${os.hostname()}`;

export interface Jobs {
  /** Records a job, queued — or finds the same job asked before and not finished (a client that asked again). */
  create(asked: Asked): Promise<{ record: JobRecord; existing: boolean }>;
  /** Runs a queued job (once its address reached the client); resolves with its last record. */
  run(id: string, work: (context: JobContext) => Promise<Record<string, unknown>>): Promise<JobRecord>;
  /** Ends a queued job nobody was told of: its client left before the answer. */
  abandon(id: string, why: string): Promise<void>;
  /** A job's record; one whose server died is settled first. */
  read(id: string): Promise<JobRecord | null>;
  /** The record once its revision passed `after` or it finished, or as it is after `waitMs`. */
  follow(id: string, after: number, waitMs: number): Promise<JobRecord | null>;
  cancel(id: string, by: string): Promise<JobRecord>;
  list(app: string, limit: number): Promise<JobRecord[]>;
  /** The server is stopping: no job of this process passes its point of no return any more. */
  stop(): void;
}

export function createJobs({ store, describeFailure, onFault }: JobsOptions): Jobs {
  const mine = new Set<string>();
  let stopping = false;
  let forgotten = 0;
  const now = () => new Date().toISOString();
  const change = (id: string, patch: (record: JobRecord) => Partial<JobRecord>) =>
    store.update(id, (record) => ({
      ...record,
      ...patch(record),
      revision: record.revision + 1,
      updatedAt: now(),
      heartbeatAt: mine.has(id) ? Date.now() : record.heartbeatAt,
    }));
  const finish = (id: string, patch: (record: JobRecord) => Partial<JobRecord>) =>
    change(id, (record) => ({ ...patch(record), finishedAt: now(), committing: false }));

  const heartbeat = setInterval(() => {
    for (const id of mine) void change(id, () => ({})).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();

  /** A job whose server stopped saying it is alive: it ends as what is certain of it. */
  async function settle(record: JobRecord): Promise<JobRecord> {
    if (FINISHED.has(record.state) || mine.has(record.id) || Date.now() - record.heartbeatAt < LOST_AFTER_MS)
      return record;
    return finish(record.id, (current) => {
      if (FINISHED.has(current.state)) return current;
      const stopped = `The app server running this job (${current.runner}) stopped`;
      const message = current.committing
        ? `${stopped} while it was writing (${current.step}): see \`deploy status ${current.app}\` for what is live now`
        : current.done.length
          ? `${stopped} after it had done ${current.done.join(', ')}, before it changed anything more: ask again for the rest`
          : `${stopped} before it changed anything: ask again`;
      return { state: 'failed', step: 'the server running it stopped', error: { status: 503, message } };
    });
  }

  return {
    async create(asked) {
      const same = JSON.stringify(asked.request);
      for (const other of await store.list(asked.app, 50)) {
        if (other.kind !== asked.kind || JSON.stringify(other.request) !== same) continue;
        const current = await settle(other);
        if (!FINISHED.has(current.state) && !current.cancelRequested) return { record: current, existing: true };
      }
      if (Date.now() - forgotten > 3600_000) {
        forgotten = Date.now();
        await store.forget(Date.now() - KEEP_FINISHED_MS).catch(() => undefined);
      }
      const at = now();
      const record: JobRecord = {
        id: newJobId(),
        ...asked,
        state: 'queued',
        step: 'waiting to start',
        revision: 1,
        createdAt: at,
        updatedAt: at,
        finishedAt: null,
        committing: false,
        cancelRequested: false,
        done: [],
        result: null,
        error: null,
        runner: RUNNER,
        heartbeatAt: Date.now(),
      };
      mine.add(record.id);
      await store.create(record);
      return { record, existing: false };
    },

    async run(id, work) {
      mine.add(id);
      const context: JobContext = {
        id,
        async step(line) {
          const record = await change(id, () => ({ step: line }));
          if (record.cancelRequested) throw new JobCancelled('cancelled before it changed anything');
        },
        async commit(what, write) {
          await store.update(id, (record) => {
            if (record.cancelRequested) throw new JobCancelled('cancelled before it changed anything');
            if (stopping) throw new JobCancelled('the app server stopped before the job changed anything: ask again');
            return {
              ...record,
              committing: true,
              step: `writing: ${what}`,
              revision: record.revision + 1,
              updatedAt: now(),
            };
          });
          const written = await write();
          await change(id, (record) => ({ committing: false, step: `written: ${what}`, done: [...record.done, what] }));
          return written;
        },
      };
      try {
        await change(id, () => ({ state: 'running', step: 'started' }));
        const result = await work(context);
        return await finish(id, () => ({ state: 'succeeded', step: 'done', result }));
      } catch (error) {
        if (error instanceof JobCancelled)
          return await finish(id, (record) => ({
            state: 'cancelled',
            step: 'cancelled',
            error: {
              status: 409,
              message: `Cancelled: ${error.message}${record.done.length ? ` (done before it: ${record.done.join(', ')})` : ''}`,
            },
            result: record.result,
          }));
        const record = (await store.read(id))!;
        const failure = describeFailure(error, record);
        if (!failure) onFault?.(error, record);
        return await finish(id, () => ({
          state: 'failed',
          step: 'failed',
          error: failure ?? {
            status: 500,
            message: `The deploy failed on the server: ${String((error as Error).message ?? error).split('\n')[0]}`,
          },
        }));
      } finally {
        mine.delete(id);
      }
    },

    async abandon(id, why) {
      await finish(id, () => ({ state: 'cancelled', step: 'not started', error: { status: 499, message: why } }));
      mine.delete(id);
    },

    async read(id) {
      const record = await store.read(id);
      return record && settle(record);
    },

    async follow(id, after, waitMs) {
      const until = Date.now() + waitMs;
      for (;;) {
        const record = await this.read(id);
        if (!record || record.revision > after || FINISHED.has(record.state) || Date.now() >= until) return record;
        await sleep(Math.min(FOLLOW_POLL_MS, until - Date.now()));
      }
    },

    async cancel(id, by) {
      const record = await this.read(id);
      if (!record) throw new Error(`No job ${id}`);
      let refusal: string | null = null;
      const updated = await store.update(id, (current) => {
        if (FINISHED.has(current.state)) {
          refusal = `The job has ended already (${current.state})`;
          return current;
        }
        if (current.committing) {
          refusal = 'Too late to cancel: the job is writing its change; follow it to its end';
          return current;
        }
        return {
          ...current,
          cancelRequested: true,
          step: `cancelling (asked by ${by})`,
          revision: current.revision + 1,
          updatedAt: now(),
        };
      });
      if (refusal) throw new JobNotCancellable(refusal, updated);
      // A job nobody runs (queued in a server that died) ends at once; a running one at its next step.
      return settle(updated);
    },

    list: async (app, limit) => Promise.all((await store.list(app, limit)).map(settle)),

    stop() {
      stopping = true;
      clearInterval(heartbeat);
    },
  };
}
