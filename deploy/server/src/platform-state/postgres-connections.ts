/**
 * Reaching the platform database (postgres-state.ts): every query and connection of the state
 * within a timeout, and the database out of reach — refused, hung, restarting — said as
 * `PlatformStateUnavailable` (the deploy API answers 503), never a crash.
 */
import { types } from 'node:util';
import { DatabaseError, type Pool, type PoolClient } from 'pg';
import { PlatformStateUnavailable } from './platform-state';

/** How long a query may take before it is given up (a hung database must not hang a request). */
export const QUERY_TIMEOUT_MS = 10_000;
export const CONNECT_TIMEOUT_MS = 3_000;

/**
 * Whether `error` says the database is out of reach (refused, hung past a timeout, shutting down,
 * starting up, a connection lost) rather than that it refused what was asked.
 */
function outOfReach(error: unknown): boolean {
  if (error instanceof DatabaseError) return /^(08|57P)/.test(error.code ?? '');
  // Node's own socket errors (ECONNREFUSED) may come from another realm than this module's Error.
  return types.isNativeError(error);
}

/** `work` on the database, its failure to reach it said as `PlatformStateUnavailable`. */
export async function reaching<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!outOfReach(error)) throw error;
    throw new PlatformStateUnavailable(
      `The platform database cannot be reached (${(error as Error).message}): try again once it answers`,
    );
  }
}

/**
 * `work` on a connection of its own, which `drop` (or the database out of reach) keeps from the
 * next caller. A connection that dies while it is out of the pool says so by an 'error' event:
 * heard here (unheard, it would end the process).
 */
export async function withConnection<T>(
  pool: Pool,
  work: (client: PoolClient, drop: (reason: Error) => void) => Promise<T>,
): Promise<T> {
  const client = await reaching(() => pool.connect());
  let dropped: Error | undefined;
  const drop = (reason: Error) => void (dropped ??= reason);
  client.on('error', drop);
  try {
    return await work(client, drop);
  } catch (error) {
    if (error instanceof PlatformStateUnavailable) drop(error);
    throw error;
  } finally {
    client.off('error', drop);
    client.release(dropped);
  }
}
