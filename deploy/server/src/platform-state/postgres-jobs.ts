/**
 * Deploy jobs in the platform's PostgreSQL (`deploy_jobs`, postgres-migrations.ts): with several
 * app servers behind a load balancer, a job one server runs is followed, and cancelled, through
 * any of them. The runner writes its steps and heartbeats here; a follower on another server
 * rereads the row (release/jobs/jobs.ts polls the store), and a cancel written by another server
 * is read by the runner at its next point of no return.
 *
 * The record is kept whole as JSON text, as the folder's file holds it; `app` and `state` are
 * columns beside it for the listing and the clean-up. A change of a record is a transaction that
 * holds its row (`SELECT … FOR UPDATE`): a step and a cancel written at once both stay.
 */
import type { PoolClient } from 'pg';
import { FINISHED, JOB_ID_RE, type JobRecord, type JobStore } from './job-store';
import { inTransaction } from './postgres-migrations';

export interface PostgresJobsAccess {
  /** A query on the pool, the database's absence said as `PlatformStateUnavailable`. */
  query: <Row extends object>(text: string, values?: unknown[]) => Promise<Row[]>;
  /** `work` on a connection of its own (for a transaction), the same way. */
  onConnection: <T>(work: (client: PoolClient) => Promise<T>) => Promise<T>;
}

const parse = (row: { record: string }) => JSON.parse(row.record) as JobRecord;

export function postgresJobStore(access: PostgresJobsAccess): JobStore {
  const { query, onConnection } = access;
  return {
    async create(record) {
      await query('INSERT INTO deploy_jobs (id, app, state, updated_at, record) VALUES ($1, $2, $3, $4, $5)', [
        record.id,
        record.app,
        record.state,
        record.updatedAt,
        JSON.stringify(record),
      ]);
    },
    async read(id) {
      if (!JOB_ID_RE.test(id)) return null;
      const rows = await query<{ record: string }>('SELECT record FROM deploy_jobs WHERE id = $1', [id]);
      return rows[0] ? parse(rows[0]) : null;
    },
    update: (id, change) =>
      onConnection((client) =>
        inTransaction(client, async () => {
          const { rows } = await client.query<{ record: string }>(
            'SELECT record FROM deploy_jobs WHERE id = $1 FOR UPDATE',
            [id],
          );
          if (!rows[0]) throw new Error(`No job ${id}`);
          const changed = change(parse(rows[0]));
          await client.query('UPDATE deploy_jobs SET state = $2, updated_at = $3, record = $4 WHERE id = $1', [
            id,
            changed.state,
            changed.updatedAt,
            JSON.stringify(changed),
          ]);
          return changed;
        }),
      ),
    async list(app, limit) {
      // Ids sort by creation time (newJobId): newest first is the id's order, descending.
      const rows = await query<{ record: string }>(
        'SELECT record FROM deploy_jobs WHERE app = $1 ORDER BY id DESC LIMIT $2',
        [app, limit],
      );
      return rows.map(parse);
    },
    async forget(before) {
      await query('DELETE FROM deploy_jobs WHERE state = ANY($1) AND updated_at < $2', [
        [...FINISHED],
        new Date(before).toISOString(),
      ]);
    },
  };
}
