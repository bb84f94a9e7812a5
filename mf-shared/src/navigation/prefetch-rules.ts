/**
 * Link prefetch rules (docs/behaviour.md, "Link prefetch") as pure functions, so they are testable without a browser:
 * which links may prefetch, and how "during idle time" is scheduled.
 */

/** The part of `navigator.connection` (Network Information API) the rules read. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

export interface PrefetchCandidate {
  to: string;
  target?: string | null;
  connection?: ConnectionInfo | null;
}

/** An absolute URL (`https:`, `mailto:`) or a protocol-relative one: not ours to prefetch. */
export function isExternalHref(to: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(to) || to.startsWith('//');
}

/** Save-data or a 2g-class connection (`2g`, `slow-2g`): never spend the visitor's data on guesses. */
export function isConstrainedConnection(connection: ConnectionInfo | null | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || /2g/.test(connection.effectiveType ?? '');
}

/** Whether a link may prefetch at all: not for another window, not off-site, not on a constrained connection. */
export function mayPrefetch({ to, target, connection }: PrefetchCandidate): boolean {
  if (target === '_blank') return false;
  if (to === '' || isExternalHref(to)) return false;
  return !isConstrainedConnection(connection);
}

/** The browser's connection info, when it has one (Chromium does; Firefox and Safari do not). */
export function currentConnection(): ConnectionInfo | null {
  if (typeof navigator === 'undefined') return null;
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection ?? null;
}

/** Fallback delay when the browser has no `requestIdleCallback` (Safari). */
export const IDLE_FALLBACK_DELAY_MS = 1;

type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options?: { timeout?: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `callback` when the main thread is idle (`requestIdleCallback`, else a timeout); returns a cancel. */
export function onIdle(
  callback: () => void,
  scope: IdleWindow & Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): () => void {
  if (typeof scope.requestIdleCallback === 'function') {
    const handle = scope.requestIdleCallback(callback);
    return () => scope.cancelIdleCallback?.(handle);
  }
  const handle = scope.setTimeout(callback, IDLE_FALLBACK_DELAY_MS);
  return () => scope.clearTimeout(handle);
}
