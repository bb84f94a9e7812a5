/**
 * A script that failed to load is asked for past the browser's cache the next time
 * (docs/architecture.md, "Failure stays contained"). Build files are cached for a year as
 * immutable: a retry of the same URL — after a file changed after publishing was put right, say —
 * got the refused copy from the cache again without asking the server. The retried URL carries a
 * query the server ignores, so the browser fetches it afresh; the script keeps the integrity it was
 * given for the plain URL, so the fresh copy is still held to the published digest.
 *
 * Failures are remembered for the tab (sessionStorage), so the reload guard's reload and a
 * retry after it ask past the cache too.
 */
import { CHUNK_SCRIPT_GLOBAL } from '@steel/contract/integrity';

/** The query parameter a retried script's URL carries (its value: one per failure). */
export const RETRY_PARAM = 'steel-retry';
const STORAGE_KEY = 'steel:failed-scripts';
/** Failures remembered per tab: enough for every chunk of a page, bounded all the same. */
const REMEMBERED = 50;

type FailedScripts = Record<string, string>;

/** Where failures are kept when sessionStorage cannot be used (disabled, full). */
let inMemory: FailedScripts = {};

function readFailed(): FailedScripts {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    return raw ? { ...inMemory, ...(JSON.parse(raw) as FailedScripts) } : inMemory;
  } catch {
    return inMemory;
  }
}

function rememberFailure(url: string): void {
  const failed = { ...readFailed() };
  delete failed[url];
  // Unique per failure: a retry that failed too is not answered from the cache the next time either.
  failed[url] = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const kept = Object.fromEntries(Object.entries(failed).slice(-REMEMBERED));
  inMemory = kept;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Kept in memory: this page still asks past the cache.
  }
}

/** The URL to request for the script at `url`: itself, or past the cache when it failed before. */
export function scriptUrlAfterFailures(url: string): string {
  const token = readFailed()[url];
  if (!token) return url;
  const retried = new URL(url);
  retried.searchParams.set(RETRY_PARAM, token);
  return retried.href;
}

/**
 * Prepares a <script> about to load `url` (absolute): past the cache when that URL failed before,
 * and its failure (a refused digest, a 404, the network) remembered for the next try.
 */
export function loadPastCacheAfterFailure(script: HTMLScriptElement, url: string): void {
  const src = scriptUrlAfterFailures(url);
  if (src !== url) script.src = src;
  script.addEventListener('error', () => rememberFailure(url), { once: true });
}

/** Hands every app's chunk loader the function above (@steel/build's chunk loader calls it). */
export function installRetryPastCache(scope: Record<string, unknown> = globalThis): void {
  scope[CHUNK_SCRIPT_GLOBAL] = loadPastCacheAfterFailure;
}

/** Tests only: forgets every failure. */
export function forgetScriptFailures(): void {
  inMemory = {};
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
