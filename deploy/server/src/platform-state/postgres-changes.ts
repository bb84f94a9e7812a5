/**
 * Hearing the platform database's changes (postgres-state.ts): every write of the live set, the
 * apps or the keys bumps one revision and notifies (a trigger, at commit). This listens on a
 * connection of its own and also asks for the revision every `pollMs`, so a notice missed while the
 * listener reconnected is heard within that interval; `revision()` is the last seen, no round trip.
 */
import { Client, type Pool } from 'pg';
import { CHANGE_CHANNEL } from './postgres-migrations';
import { CONNECT_TIMEOUT_MS } from './postgres-connections';

export interface ChangeWatch {
  /** The last revision heard. */
  revision(): number;
  onChange(listen: () => void): () => void;
  close(): Promise<void>;
}

/** Starts hearing changes; resolves once the first LISTEN was tried, so a change made right after is heard. */
export async function watchChanges(
  pool: Pool,
  url: string,
  pollMs: number,
  warn: (message: string) => void,
): Promise<ChangeWatch> {
  const listeners = new Set<() => void>();
  let revision = await readRevision(pool);
  let closed = false;
  let unreachable = false;
  const heard = (next: number) => {
    if (next <= revision) return;
    revision = next;
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        warn(`A listener of platform changes failed: ${(error as Error).message}`);
      }
    }
  };
  let polling = false;
  const poll = async () => {
    // A hung database holds a poll up to its timeout: the next waits for it rather than pile up.
    if (polling) return;
    polling = true;
    try {
      heard(await readRevision(pool));
      if (unreachable) warn('The platform database answers again');
      unreachable = false;
    } catch (error) {
      if (!unreachable) warn(`The platform database cannot be reached: ${(error as Error).message}`);
      unreachable = true;
    } finally {
      polling = false;
    }
  };
  const poller = setInterval(() => void poll(), pollMs);
  poller.unref();
  const listener = listenForChanges(url, heard, () => closed);
  // A change made right after opening must be heard: wait for the first LISTEN (or its failure —
  // the poll covers a listener that could not connect yet).
  await listener.firstTry;

  return {
    revision: () => revision,
    onChange(listen) {
      listeners.add(listen);
      return () => listeners.delete(listen);
    },
    async close() {
      closed = true;
      clearInterval(poller);
      await listener.close();
    },
  };
}

async function readRevision(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ revision: string }>('SELECT revision FROM platform_revision');
  return Number(rows[0]?.revision ?? 0);
}

/** LISTEN on a connection of its own, reconnecting after a loss; each notice carries the new revision. */
function listenForChanges(url: string, heard: (revision: number) => void, closed: () => boolean) {
  let client: Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (closed()) return;
    const next = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      if (!closed()) retry = setTimeout(() => void connect(), 1000);
      retry?.unref();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) heard(Number(message.payload));
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch {
      lost();
    }
  };
  return {
    firstTry: connect(),
    async close() {
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
