import type { LiveSetStamp } from '@steel/contract';
import { HttpError, type AppBus, type AppFetch } from '@steel/shared';

/** The live set's stamp: its id changes with every deploy. */
export const LIVE_SET_STAMP_URL = '/builds/latest.json';

export interface VersionPollerOptions {
  fetchJson: AppFetch;
  bus: AppBus;
  /** The id the page started with (embedded by the server). */
  buildId: string;
  intervalMs: number;
}

/**
 * Version polling (docs/behaviour.md, "Version polling"): the first check one interval after start; a network error is
 * swallowed; a 404/403 is ignored; a new id emits `app:manifest:update`, stops polling and
 * arms one full page load for the next navigation. `notice` takes a stamp the server pushed
 * (live-set-stream.ts) the same way.
 */
export function createVersionPoller({ fetchJson, bus, buildId, intervalMs }: VersionPollerOptions) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let outdated = false;
  let stopped = true;

  async function check() {
    timer = null;
    try {
      // The timestamp defeats any cache between us and the server.
      const stamp = await fetchJson<LiveSetStamp>(`${LIVE_SET_STAMP_URL}?${Date.now()}`, { cache: 'no-store' });
      if (notice(stamp)) return;
    } catch (error) {
      // A network failure is swallowed and a 404/403 means "id unknown": both silently try again.
      // Anything else is reported (the app fetch also put it on the bus as api:error).
      const status = error instanceof HttpError ? error.status : undefined;
      if (status !== null && status !== 404 && status !== 403) console.error('Version check failed', error);
    }
    schedule();
  }

  /** A live set's stamp seen by a poll or pushed by the server; true when it names a new live set. */
  function notice(stamp: LiveSetStamp | null | undefined): boolean {
    if (outdated || !stamp || typeof stamp.id !== 'string' || stamp.id === buildId) return false;
    outdated = true;
    stop();
    bus.emit('app:manifest:update', stamp);
    return true;
  }

  function stop() {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
  }

  function schedule() {
    if (!stopped) timer = setTimeout(() => void check(), intervalMs);
  }

  return {
    start() {
      if (!stopped || outdated || !(intervalMs > 0)) return;
      stopped = false;
      schedule();
    },
    stop,
    notice,
    /** True once: the navigation asking becomes a full page load (afterwards the page has the new id). */
    takeReload(): boolean {
      if (!outdated) return false;
      outdated = false;
      return true;
    },
    get outdated() {
      return outdated;
    },
  };
}

export type VersionPoller = ReturnType<typeof createVersionPoller>;
