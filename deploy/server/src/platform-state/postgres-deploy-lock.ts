/**
 * The deploy lock in PostgreSQL: an advisory lock, held on one connection for as long as the
 * holder works (a gate run included) and released by the database if that connection dies.
 */
import type { Pool } from 'pg';
import { DEPLOY_LOCK, LOCK_NAMESPACE } from './postgres-migrations';
import { reaching, withConnection } from './postgres-connections';
import { LockTimeout } from './platform-state';

const LOCK_POLL_MS = 100;

export async function holdAdvisoryLock<T>(pool: Pool, waitMs: number, fn: () => Promise<T>): Promise<T> {
  // The connection may die while it holds the lock (the database restarted): the database then
  // frees the lock, and this holder's work goes on without it (its writes still go one by one).
  return withConnection(pool, async (client, drop) => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const { rows } = await reaching(() =>
        client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
          LOCK_NAMESPACE,
          DEPLOY_LOCK,
        ]),
      );
      if (rows[0]?.locked) break;
      if (Date.now() > deadline)
        throw new LockTimeout("Another deploy holds the platform database's deploy lock; try again");
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      return await fn();
    } finally {
      // A connection whose unlock failed is dropped, which releases the lock too.
      await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, DEPLOY_LOCK]).catch(drop);
    }
  });
}
