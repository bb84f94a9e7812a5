/**
 * The platform database's schema, as migrations applied in order, each once, at every app
 * server's start (and the CLI's): under an advisory lock, each in a transaction of its own with its
 * row in `schema_migrations`, so two servers starting together apply it once and a failed one
 * leaves nothing half done. A change of schema is a new migration at the end, never an edit.
 *
 * Why no migration library: node-pg-migrate, the one kept for `pg`, ships as ES modules only, which
 * neither the jest setup nor the compiled server's CommonJS bundle load; what is needed here —
 * ordered SQL, once each, under a lock — is the loop below.
 *
 * The live set and the app registry are one document each (`platform_documents`): they are read
 * whole by every server on each change and written whole under the deploy lock, so one row makes
 * a change atomic and gives a notice one thing to re-read; kept as text, in the folder's exact
 * form, so moving between a folder and the database loses nothing. The rest are tables of rows.
 * Any write of the documents or the keys bumps the one revision and notifies
 * `CHANGE_CHANNEL` (at commit), by a trigger: whoever writes, every server hears.
 */
import type { PoolClient } from 'pg';

export const CHANGE_CHANNEL = 'steel_platform_changed';

/** Advisory lock keys (two int4s: this application's, then the purpose). */
export const LOCK_NAMESPACE = 0x5354_4545; // "STEE"
export const MIGRATIONS_LOCK = 1;
export const DEPLOY_LOCK = 2;

export interface Migration {
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: '0001-platform-state',
    sql: `
CREATE TABLE platform_revision (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  revision bigint NOT NULL
);
INSERT INTO platform_revision (revision) VALUES (1);

CREATE TABLE platform_documents (
  name text PRIMARY KEY CHECK (name IN ('live-set', 'apps')),
  body text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE deploy_keys (
  name text PRIMARY KEY,
  app text NOT NULL,
  hash text NOT NULL,
  created_at text,
  position bigserial
);

CREATE FUNCTION platform_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE next bigint;
BEGIN
  UPDATE platform_revision SET revision = revision + 1 RETURNING revision INTO next;
  PERFORM pg_notify('${CHANGE_CHANNEL}', next::text);
  RETURN NULL;
END $$;
CREATE TRIGGER documents_changed AFTER INSERT OR UPDATE OR DELETE ON platform_documents
  FOR EACH STATEMENT EXECUTE FUNCTION platform_changed();
CREATE TRIGGER keys_changed AFTER INSERT OR UPDATE OR DELETE ON deploy_keys
  FOR EACH STATEMENT EXECUTE FUNCTION platform_changed();

-- One line per release step, as the folder's log holds it (the text is kept as written).
CREATE TABLE release_log (
  id bigserial PRIMARY KEY,
  app text NOT NULL,
  line text NOT NULL,
  line_digest text NOT NULL UNIQUE
);
CREATE INDEX release_log_app ON release_log (app, id);

CREATE TABLE version_counts (
  app_version text NOT NULL,
  minute bigint NOT NULL,
  kind text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (app_version, minute, kind)
);
CREATE INDEX version_counts_minute ON version_counts (minute);

CREATE TABLE served_versions (
  app_version text PRIMARY KEY,
  served_at bigint NOT NULL
);

CREATE TABLE gate_reports (
  app text NOT NULL,
  version text NOT NULL,
  report text NOT NULL,
  PRIMARY KEY (app, version)
);
CREATE TABLE gate_screenshots (
  app text NOT NULL,
  version text NOT NULL,
  page_index integer NOT NULL,
  png bytea NOT NULL,
  PRIMARY KEY (app, version, page_index)
);
CREATE TABLE gate_figures (
  app text NOT NULL,
  version text NOT NULL,
  figures text NOT NULL,
  PRIMARY KEY (app, version)
);

-- A version is published once every file is in the object store: this row, written last,
-- decides who recorded it (build-files/object-store-builds.ts).
CREATE TABLE build_versions (
  app text NOT NULL,
  version text NOT NULL,
  files text NOT NULL,
  bytes bigint NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app, version)
);
`,
  },
  {
    // Deploy jobs, so that a job run by one app server is followed and cancelled through any
    // other (platform-state/postgres-jobs.ts). Finished ones are dropped after a while by the jobs.
    name: '0002-deploy-jobs',
    sql: `
CREATE TABLE deploy_jobs (
  id text PRIMARY KEY,
  app text NOT NULL,
  state text NOT NULL,
  updated_at timestamptz NOT NULL,
  record text NOT NULL
);
CREATE INDEX deploy_jobs_app ON deploy_jobs (app, id);
`,
  },
];

/**
 * Applies the migrations this database lacks, on `client` (a connection held for the advisory lock:
 * the caller hears its loss and drops it); returns their names.
 */
export async function migrate(client: PoolClient): Promise<string[]> {
  await client.query('SELECT pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, MIGRATIONS_LOCK]);
  try {
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const done: string[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.name)) continue;
      await inTransaction(client, async () => {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      });
      done.push(migration.name);
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, MIGRATIONS_LOCK]);
  }
}

export async function inTransaction<T>(client: PoolClient, fn: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await fn();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
