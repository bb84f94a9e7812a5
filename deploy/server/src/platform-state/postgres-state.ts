/**
 * The platform's state in PostgreSQL (`PLATFORM_STATE_URL`): what several app servers on
 * several machines share. Tables and their reasons: postgres-migrations.ts.
 *
 * - **The deploy lock** (postgres-deploy-lock.ts) is an advisory lock, held on one connection for as long as the holder
 *   works (a gate run included) and released by the database if that connection dies.
 * - **Change notices** (postgres-changes.ts): every write of the live set, the apps or the keys bumps one revision and
 *   notifies (a trigger, at commit). Each instance listens on a connection of its own and also
 *   asks for the revision every `pollMs`, so a notice missed while the listener reconnected is
 *   heard within that interval; `changeMark` is the last revision seen, no round trip.
 * - **The database down or hung** (postgres-connections.ts): reads and writes fail within `CONNECT_TIMEOUT_MS` or
 *   `QUERY_TIMEOUT_MS` with `PlatformStateUnavailable` (the deploy API answers 503); the callers
 *   keep what they had (a server keeps serving the live set it knows: `changeMark` asks nothing).
 *   A connection that dies is dropped, never a crash; the listener reconnects by itself and the
 *   poll catches up with what changed meanwhile.
 */
import { createHash } from 'node:crypto';
import { Pool, type PoolConfig } from 'pg';
import { inTransaction, migrate } from './postgres-migrations';
import { CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MS, reaching, withConnection } from './postgres-connections';
import { watchChanges } from './postgres-changes';
import { holdAdvisoryLock } from './postgres-deploy-lock';
import { postgresJobStore } from './postgres-jobs';
import { Turns } from './turns';
import { parseApps, parseLive, releaseLogLine, seededApps, serializeApps, serializeLive } from './documents';
import {
  COUNTS_KEEP_MINUTES,
  DEPLOY_LOCK_WAIT_MS,
  type CountKind,
  type DeployKeyRecord,
  type GateReport,
  type PlatformState,
  type ReleaseLogEntry,
  type VersionCounts,
} from './platform-state';

export interface PostgresStateOptions {
  /** `postgres://user:password@host:port/database`. */
  url: string;
  /** How often the revision is asked for besides the notices (`PLATFORM_POLL_MS`). */
  pollMs?: number;
  /** How long a caller waits for the deploy lock. */
  lockWaitMs?: number;
  /** Told when the database cannot be reached (once per outage) and when it answers again. */
  warn?: (message: string) => void;
}

export type PostgresState = PlatformState & {
  /** The pool, for the object store's version rows (build-files/), which live in the same database. */
  readonly pool: Pool;
};

/** Connects, applies the migrations this database lacks and starts listening for changes. */
export async function openPostgresState(options: PostgresStateOptions): Promise<PostgresState> {
  const warn = options.warn ?? (() => {});
  const poolConfig: PoolConfig = {
    connectionString: options.url,
    max: 8,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  };
  const pool = new Pool(poolConfig);
  // An idle connection the database dropped (a restart) is an event, not a crash: the next query reconnects.
  pool.on('error', () => undefined);
  // On a connection that hears its own loss (a database restarting mid-migration is not a crash).
  await withConnection(pool, (client) => migrate(client));
  await seedApps(pool);
  const changes = await watchChanges(pool, options.url, options.pollMs ?? 1000, warn);
  const lockTurns = new Turns();

  const query = <Row extends object>(text: string, values: unknown[] = []) =>
    reaching(async () => (await pool.query<Row & import('pg').QueryResultRow>(text, values)).rows);

  const readDocument = async (name: 'live-set' | 'apps') =>
    (await query<{ body: string }>('SELECT body FROM platform_documents WHERE name = $1', [name]))[0]?.body ?? null;
  const writeDocument = async (name: 'live-set' | 'apps', body: string) => {
    await query(
      `INSERT INTO platform_documents (name, body) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET body = EXCLUDED.body, updated_at = now()`,
      [name, body],
    );
  };

  return {
    kind: 'postgres',
    pool,
    jobs: postgresJobStore({
      query,
      onConnection: (work) => withConnection(pool, (client) => reaching(() => work(client))),
    }),
    apps: {
      async read() {
        const body = await readDocument('apps');
        return body === null ? seededApps() : parseApps(body, "the platform database's apps");
      },
      write: (apps) => writeDocument('apps', serializeApps(apps)),
    },
    keys: {
      async read() {
        const rows = await query<{ name: string; app: string; hash: string; created_at: string | null }>(
          'SELECT name, app, hash, created_at FROM deploy_keys ORDER BY position',
        );
        return rows.map((row): DeployKeyRecord => ({
          name: row.name,
          app: row.app,
          hash: row.hash,
          ...(row.created_at !== null ? { createdAt: row.created_at } : {}),
        }));
      },
      async add(record) {
        const rows = await query(
          `INSERT INTO deploy_keys (name, app, hash, created_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (name) DO NOTHING RETURNING name`,
          [record.name, record.app, record.hash, record.createdAt ?? null],
        );
        return rows.length === 1;
      },
      async remove(name) {
        return (await query('DELETE FROM deploy_keys WHERE name = $1 RETURNING name', [name])).length === 1;
      },
    },
    live: {
      async read() {
        const body = await readDocument('live-set');
        return body === null ? null : parseLive(body);
      },
      write: (live) => writeDocument('live-set', serializeLive(live)),
    },
    releaseLog: {
      async append(entry) {
        const line = releaseLogLine({ ...entry, at: entry.at ?? new Date().toISOString() });
        // The digest makes an imported line idempotent; two real steps always differ in their time.
        await query(
          'INSERT INTO release_log (app, line, line_digest) VALUES ($1, $2, $3) ON CONFLICT (line_digest) DO NOTHING',
          [entry.app, line, createHash('sha256').update(line).digest('hex')],
        );
      },
      async read(app) {
        const rows = app
          ? await query<{ line: string }>('SELECT line FROM release_log WHERE app = $1 ORDER BY id', [app])
          : await query<{ line: string }>('SELECT line FROM release_log ORDER BY id');
        return rows.map((row) => JSON.parse(row.line) as ReleaseLogEntry);
      },
    },
    counts: {
      async add(batch) {
        const keys: string[] = [];
        const minutes: string[] = [];
        const kinds: string[] = [];
        const counts: number[] = [];
        for (const [key, perMinute] of Object.entries(batch))
          for (const [minute, perKind] of Object.entries(perMinute))
            for (const [kind, count] of Object.entries(perKind)) {
              keys.push(key);
              minutes.push(minute);
              kinds.push(kind);
              counts.push(count ?? 0);
            }
        if (!keys.length) return;
        await query(
          `INSERT INTO version_counts (app_version, minute, kind, count)
           SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[])
           ON CONFLICT (app_version, minute, kind) DO UPDATE SET count = version_counts.count + EXCLUDED.count`,
          [keys, minutes, kinds, counts],
        );
        await query('DELETE FROM version_counts WHERE minute < $1', [Date.now() - COUNTS_KEEP_MINUTES * 60_000]);
      },
      async read() {
        const rows = await query<{ app_version: string; minute: string; kind: string; count: string }>(
          'SELECT app_version, minute, kind, count FROM version_counts',
        );
        const counts: VersionCounts = {};
        for (const row of rows) {
          const bucket = ((counts[row.app_version] ??= {})[row.minute] ??= {});
          bucket[row.kind as CountKind] = Number(row.count);
        }
        return counts;
      },
    },
    servedVersions: {
      async record(batch) {
        const entries = Object.entries(batch);
        if (!entries.length) return;
        await query(
          `INSERT INTO served_versions (app_version, served_at)
           SELECT * FROM unnest($1::text[], $2::bigint[])
           ON CONFLICT (app_version) DO UPDATE SET served_at = GREATEST(served_versions.served_at, EXCLUDED.served_at)`,
          [entries.map(([key]) => key), entries.map(([, at]) => at)],
        );
      },
      async read() {
        const rows = await query<{ app_version: string; served_at: string }>(
          'SELECT app_version, served_at FROM served_versions',
        );
        return Object.fromEntries(rows.map((row) => [row.app_version, Number(row.served_at)]));
      },
    },
    gate: {
      async readReport(app, version) {
        const rows = await query<{ report: string }>(
          'SELECT report FROM gate_reports WHERE app = $1 AND version = $2',
          [app, version],
        );
        return rows[0] ? (JSON.parse(rows[0].report) as GateReport) : null;
      },
      async writeReport(app, version, report, shots) {
        await withConnection(pool, (client) =>
          reaching(() =>
            inTransaction(client, async () => {
              await client.query('DELETE FROM gate_screenshots WHERE app = $1 AND version = $2', [app, version]);
              await client.query(
                `INSERT INTO gate_reports (app, version, report) VALUES ($1, $2, $3)
                 ON CONFLICT (app, version) DO UPDATE SET report = EXCLUDED.report`,
                [app, version, `${JSON.stringify(report, null, 2)}\n`],
              );
              for (const [index, png] of shots)
                await client.query(
                  'INSERT INTO gate_screenshots (app, version, page_index, png) VALUES ($1, $2, $3, $4)',
                  [app, version, index, png],
                );
            }),
          ),
        );
      },
      async readShot(app, version, index) {
        const rows = await query<{ png: Buffer }>(
          'SELECT png FROM gate_screenshots WHERE app = $1 AND version = $2 AND page_index = $3',
          [app, version, index],
        );
        return rows[0]?.png ?? null;
      },
      async readFigures(app, version) {
        const rows = await query<{ figures: string }>(
          'SELECT figures FROM gate_figures WHERE app = $1 AND version = $2',
          [app, version],
        );
        return rows[0] ? (JSON.parse(rows[0].figures) as unknown) : null;
      },
      async writeFigures(app, version, figures) {
        await query(
          `INSERT INTO gate_figures (app, version, figures) VALUES ($1, $2, $3)
           ON CONFLICT (app, version) DO UPDATE SET figures = EXCLUDED.figures`,
          [app, version, `${JSON.stringify(figures, null, 2)}\n`],
        );
      },
      async forget(app, version) {
        for (const table of ['gate_reports', 'gate_screenshots', 'gate_figures'])
          await query(`DELETE FROM ${table} WHERE app = $1 AND version = $2`, [app, version]);
      },
      async list() {
        const rows = await query<{ app: string; version: string }>(
          'SELECT app, version FROM gate_reports UNION SELECT app, version FROM gate_figures',
        );
        return rows.sort((a, b) => a.app.localeCompare(b.app) || a.version.localeCompare(b.version));
      },
    },
    withDeployLock<T>(fn: () => Promise<T>): Promise<T> {
      // This process's callers wait their turn without holding a connection; the one whose turn
      // it is waits for the advisory lock against other processes with the time left.
      return lockTurns.take(options.lockWaitMs ?? DEPLOY_LOCK_WAIT_MS, 'the deploy lock', (waitMs) =>
        holdAdvisoryLock(pool, waitMs, fn),
      );
    },
    async changeMark() {
      return String(changes.revision());
    },
    onChange: (listen) => changes.onChange(listen),
    async close() {
      await changes.close();
      await pool.end();
    },
  };
}

/** A state nobody registered apps in serves this repository's seeded three, as a new builds folder does. */
async function seedApps(pool: Pool): Promise<void> {
  await pool.query(`INSERT INTO platform_documents (name, body) VALUES ('apps', $1) ON CONFLICT (name) DO NOTHING`, [
    serializeApps(seededApps()),
  ]);
}
