/**
 * The CMS's database as a backup part, each database its own consistent way, while the CMS runs:
 * - SQLite: SQLite's online backup (better-sqlite3's `backup`), a snapshot of one moment even
 *   while Strapi writes; put back by replacing the file (its journal files removed).
 * - PostgreSQL: `pg_dump --format=custom` (one transaction: one moment); put back in a single
 *   transaction that drops the CMS's schema and replays the dump (`pg_restore` to SQL, then
 *   `psql`), so a restore that fails leaves the database as it was. Needs only the rights the
 *   CMS's own database user has (it owns its schema), not a superuser's.
 * The arrangement's own cluster (layout.ownCluster) is started for the restore when it is down.
 */
import { type ChildProcess, spawn, type StdioOptions } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { repoRoot } from '../paths';
import type { BackupPart } from './backup-part';
import { measure, replaceFile } from './backup-part';
import type { CmsDatabase } from './site-layout';

const CMS_DIR = path.join(repoRoot, 'deploy/cms');
const DUMP_FILE = 'cms.pgdump';
const SQLITE_FILE = 'cms.db';

interface PostgresCluster {
  stop(): Promise<void>;
  createDatabase(name: string): Promise<boolean>;
}
// The CMS's own modules (CommonJS, its own package): Debian's PostgreSQL found or installed, its clusters.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const postgresCluster = require(path.join(CMS_DIR, 'scripts/lib/postgres-cluster.js')) as {
  ensurePostgres(): string;
  startCluster(options: { dataDir: string; port: number }): Promise<PostgresCluster>;
};

interface SqliteDatabase {
  backup(destination: string): Promise<unknown>;
  pragma(statement: string): unknown;
  close(): void;
}
// better-sqlite3 is the CMS's dependency (deploy/cms/node_modules), not the root's.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Sqlite = require(require.resolve('better-sqlite3', { paths: [CMS_DIR] })) as new (
  file: string,
  options?: { readonly?: boolean; fileMustExist?: boolean },
) => SqliteDatabase;

/** A program's error output and exit, as one promise: rejects with what it said. */
function finished(child: ChildProcess, name: string): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * Runs PostgreSQL's programs against the CMS's database. Run as root on a server, where the CMS
 * reaches PostgreSQL through its socket folder as its own system user (peer authentication), they
 * run as that user; the dump itself always passes through this process, never through a file
 * that user would need to reach.
 */
function postgresPrograms(settings: Record<string, string>) {
  const env = { ...process.env, ...libpqEnv(settings) };
  const asDatabaseUser = process.getuid?.() === 0 && (settings.DATABASE_HOST ?? '').startsWith('/');
  const spawnProgram = (program: string, args: string[], stdio: StdioOptions) => {
    const file = path.join(postgresCluster.ensurePostgres(), program);
    return asDatabaseUser
      ? spawn('runuser', ['-u', settings.DATABASE_USERNAME!, '--', file, ...args], { env, stdio })
      : spawn(file, args, { env, stdio });
  };
  return {
    /** Whether the server accepts connections. */
    ready: () =>
      finished(
        spawnProgram('pg_isready', ['-q', ...urlArgs(settings)], ['ignore', 'ignore', 'pipe']),
        'pg_isready',
      ).then(
        () => true,
        () => false,
      ),
    /**
     * `program args`, fed `input` (a file, or text around a file) when given, its output written to
     * `output`. `input.readsToTheEnd: false` for a program that knows where its input ends without
     * waiting for the pipe's end, and says by its exit code whether it was whole (pg_restore reading
     * an archive): it may exit before this side has closed the pipe, and Node then destroys the pipe
     * under the stream — "Premature close" with nothing wrong (a local run's restore drill failed so).
     */
    async run(
      program: string,
      args: string[],
      {
        input,
        output,
      }: {
        input?: { before?: string; file: string; after?: string; readsToTheEnd?: boolean };
        output?: string;
      } = {},
    ) {
      const child = spawnProgram(program, args, [input ? 'pipe' : 'ignore', output ? 'pipe' : 'ignore', 'pipe']);
      const written = output ? pipeline(child.stdout!, createWriteStream(output, { mode: 0o600 })) : Promise.resolve();
      const fed = input
        ? pipeline(async function* () {
            if (input.before) yield input.before;
            yield* createReadStream(input.file);
            if (input.after) yield input.after;
          }, child.stdin!)
        : Promise.resolve();
      // The program's own failure (its exit code and what it said) before the pipe's: a program that
      // stops reading its input early breaks the pipe, and "Premature close" alone hides why.
      const [ran, wrote, read] = await Promise.allSettled([finished(child, program), written, fed]);
      if (ran.status === 'rejected') throw ran.reason;
      if (wrote.status === 'rejected') throw wrote.reason;
      if (read.status === 'rejected' && input?.readsToTheEnd !== false) throw read.reason;
    },
  };
}

/** libpq's connection settings from the CMS's DATABASE_* settings (a socket folder as the host works too). */
function libpqEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PGHOST: settings.DATABASE_HOST,
    PGPORT: settings.DATABASE_PORT,
    PGDATABASE: settings.DATABASE_NAME,
    PGUSER: settings.DATABASE_USERNAME,
    PGPASSWORD: settings.DATABASE_PASSWORD,
    ...(settings.DATABASE_SSL === 'true' ? { PGSSLMODE: 'require' } : {}),
  };
}

/** DATABASE_URL, when set, names the database instead (config/database.js reads it first). */
const urlArgs = (settings: Record<string, string>) =>
  settings.DATABASE_URL ? [`--dbname=${settings.DATABASE_URL}`] : [];

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

function postgresPart(database: Extract<CmsDatabase, { client: 'postgres' }>): BackupPart {
  const { settings } = database;
  const schema = settings.DATABASE_SCHEMA || 'public';
  const programs = postgresPrograms(settings);
  /** Runs `fn` with the database reachable: the arrangement's own cluster is started when it is down. */
  async function reachable<T>(fn: () => Promise<T>): Promise<T> {
    if ((await programs.ready()) || !database.ownCluster) return fn();
    const cluster = await postgresCluster.startCluster(database.ownCluster);
    try {
      await cluster.createDatabase(settings.DATABASE_NAME!);
      return await fn();
    } finally {
      await cluster.stop();
    }
  }
  return {
    name: 'cms-database',
    holds: `the CMS's PostgreSQL database ${settings.DATABASE_NAME} (schema ${schema}): content, customers, orders, the seed ledger`,
    async backup(dir) {
      await reachable(() =>
        programs.run(
          'pg_dump',
          ['--format=custom', '--no-owner', '--no-privileges', `--schema=${schema}`, ...urlArgs(settings)],
          { output: path.join(dir, DUMP_FILE) },
        ),
      );
      return { included: true, ...(await measure(dir)) };
    },
    async verify(dir) {
      // Read whole before any part is put back: a damaged dump changes nothing.
      await programs.run('pg_restore', ['--file=/dev/null'], {
        input: { file: path.join(dir, DUMP_FILE), readsToTheEnd: false },
      });
    },
    async restore(dir) {
      // The dump as SQL first, whole: a dump that cannot be read stops here, with nothing changed.
      const work = await fs.mkdtemp(path.join(os.tmpdir(), 'steel-restore-'));
      const sql = path.join(work, 'cms.sql');
      try {
        await programs.run('pg_restore', ['--no-owner', '--no-privileges', '--file=-'], {
          input: { file: path.join(dir, DUMP_FILE), readsToTheEnd: false },
          output: sql,
        });
        // One transaction, committed by its last line only: an error (ON_ERROR_STOP) or an input cut
        // short ends the connection with the transaction open, and PostgreSQL rolls it back.
        await reachable(() =>
          programs.run('psql', ['--quiet', '--no-psqlrc', '--set=ON_ERROR_STOP=1', ...urlArgs(settings)], {
            input: {
              before: `BEGIN;\nDROP SCHEMA IF EXISTS ${quoteIdentifier(schema)} CASCADE;\n`,
              file: sql,
              after: '\nCOMMIT;\n',
            },
          }),
        );
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },
  };
}

function sqlitePart(database: Extract<CmsDatabase, { client: 'sqlite' }>): BackupPart {
  return {
    name: 'cms-database',
    holds: `the CMS's SQLite database ${path.basename(database.file)}: content, customers, orders, the seed ledger`,
    async backup(dir) {
      const db = new Sqlite(database.file, { readonly: true, fileMustExist: true });
      try {
        await db.backup(path.join(dir, SQLITE_FILE));
      } finally {
        db.close();
      }
      return { included: true, ...(await measure(dir)) };
    },
    verify(dir) {
      const db = new Sqlite(path.join(dir, SQLITE_FILE), { readonly: true, fileMustExist: true });
      try {
        const [check] = db.pragma('quick_check') as Array<{ quick_check: string }>;
        if (check?.quick_check !== 'ok')
          throw new Error(`the backup's SQLite database is damaged: ${check?.quick_check}`);
      } finally {
        db.close();
      }
      return Promise.resolve();
    },
    async restore(dir) {
      // A journal left beside the old file would be replayed into the restored one.
      for (const journal of ['-wal', '-shm', '-journal']) await fs.rm(`${database.file}${journal}`, { force: true });
      await replaceFile(path.join(dir, SQLITE_FILE), database.file);
    },
  };
}

export function cmsDatabasePart(database: CmsDatabase): BackupPart {
  return database.client === 'sqlite' ? sqlitePart(database) : postgresPart(database);
}
