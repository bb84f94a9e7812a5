/**
 * What the app servers of one site must agree on, behind one interface with two implementations
 * (docs/architecture.md, "N app servers"):
 * - memory-state.ts — one process: the default `npm start` arrangement;
 * - redis-state.ts — every app server on one Redis (`REDIS_URL`): the production arrangement.
 *
 * The builds folder (live.json, versions, release log) is shared by the servers as a folder;
 * what changes by the second — notices, rendered pages, request counts — lives here.
 */
import type { CountStore } from './failure-counts';
import type { WindowCount } from './window-counts';
import type { PageStore } from '../rendering/page-cache';

/** Told to every app server, the one that announces it included. */
export type Notice =
  /** live.json changed (activation, canary, rollback): read it again and tell open tabs. */
  | { kind: 'live' }
  /** The CMS changed content (null: anything may have changed): drop what was derived from it. */
  | { kind: 'content'; collections: readonly string[] | null }
  /** Deploy keys were revoked (an app removed): read the keys again and end what a revoked key opened. */
  | { kind: 'keys' }
  /**
   * A version was published: each server with an object store fetches it into its cache now, while
   * the gate judges it, so that its activation costs only the live-set notice (it is not live yet).
   */
  | { kind: 'stored'; app: string; version: string };

export type { PageStore } from '../rendering/page-cache';

export interface SharedState {
  readonly kind: 'memory' | 'redis';
  announce(notice: Notice): Promise<void>;
  onNotice(listener: (notice: Notice) => void): () => void;
  pages: PageStore;
  /** Counts one hit on `key` in its current window of `windowMs` (fixed windows); the count so far. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The hits on `key` so far in its current window, and the time left of it; none when Redis cannot say. */
  hits(key: string): Promise<WindowCount>;
  /** Views and browser failures per app version and minute (deploy status, canary health). */
  counts: CountStore;
  close(): Promise<void>;
}

export interface SharedStateOptions {
  /** The rendered-page cache's bounds in one process (Redis is bounded by its own `maxmemory`). */
  pages: { maxEntries: number; maxBytes: number; retryMs: number };
}
