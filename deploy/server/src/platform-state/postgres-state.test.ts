/** @jest-environment node */
import { Client } from 'pg';
import { startTestPostgres, type TestPostgres } from '../testing/postgres-server';
import { platformStateContract } from '../testing/platform-state-contract';
import { LOCK_NAMESPACE, MIGRATIONS, MIGRATIONS_LOCK } from './postgres-migrations';
import { openPostgresState } from './postgres-state';

/** The platform's state in a real PostgreSQL (Debian's): the contract, migrations, and the lock of a holder that died. */
describe('the platform state in PostgreSQL', () => {
  let postgres: TestPostgres;
  beforeAll(async () => {
    postgres = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres.stop();
  });
  const openPair = async (url: string, lockWaitMs?: number) => ({
    a: await openPostgresState({ url, pollMs: 200, lockWaitMs }),
    b: await openPostgresState({ url, pollMs: 200, lockWaitMs }),
  });

  describe('keeps the contract', () => {
    platformStateContract(async (options) => openPair(await postgres.database(), options?.lockWaitMs));
  });

  it('applies each migration once, however many servers open the database together', async () => {
    const url = await postgres.database();
    const states = await Promise.all([1, 2, 3].map(() => openPostgresState({ url })));
    const client = new Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
    await client.end();
    for (const state of states) await state.close();
  });

  it('a connection lost while migrating fails the opening, and the server is not brought down', async () => {
    const url = await postgres.database();
    // Another server migrating: this one waits for the migrations lock on a connection of its own.
    const other = new Client({ connectionString: url });
    await other.connect();
    await other.query('SELECT pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, MIGRATIONS_LOCK]);
    const opening = openPostgresState({ url });
    const waiting = async () =>
      (
        await other.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT pg_advisory_lock%' AND pid <> pg_backend_pid()`,
        )
      ).rows;
    let waiters = await waiting();
    for (let i = 0; i < 200 && waiters.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      waiters = await waiting();
    }
    expect(waiters).toHaveLength(1);
    // The database ends that connection (a restart, an operator): the opening fails with it. (Lost
    // between two queries, the connection would say so by an 'error' event: withConnection hears it.)
    await other.query('SELECT pg_terminate_backend($1)', [waiters[0]!.pid]);
    await expect(opening).rejects.toThrow();
    await other.end();
    // The next start migrates as if nothing had happened.
    const state = await openPostgresState({ url });
    await state.close();
  });

  it('hears a change written by anyone — psql included — through the notice', async () => {
    const url = await postgres.database();
    const state = await openPostgresState({ url, pollMs: 60_000 });
    try {
      const before = await state.changeMark();
      let heard = 0;
      state.onChange(() => heard++);
      const client = new Client({ connectionString: url });
      await client.connect();
      await client.query(`UPDATE platform_documents SET body = body WHERE name = 'apps'`);
      await client.end();
      // The poll is a minute away: only the notice can have told it.
      for (let i = 0; i < 200 && heard === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toBe(1);
      expect(await state.changeMark()).not.toBe(before);
    } finally {
      // Closed even when it failed: a listener left open outlives the database and the test run.
      await state.close();
    }
  });

  it('frees the deploy lock of a holder whose connection died', async () => {
    const url = await postgres.database();
    const holder = await openPostgresState({ url });
    const waiter = await openPostgresState({ url });
    let holding!: () => void;
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holderDone = holder.withDeployLock(async () => {
      holding();
      // A holder that works on as if nothing happened.
      await new Promise<void>((resolve) => (letGo = resolve));
    });
    await held;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    // The holder's process dies: its connections go with it.
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()`,
    );
    await admin.end();
    await expect(waiter.withDeployLock(async () => 'mine now')).resolves.toBe('mine now');
    letGo();
    await holderDone;
    await waiter.close();
    await holder.close();
  });
});
