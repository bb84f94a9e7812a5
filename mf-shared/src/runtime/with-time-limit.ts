/**
 * A load that did not settle within its time limit: a remote's code in the shell, a page's data
 * in a remote (every load has one, docs/architecture.md, "Failure stays contained").
 */
export class LoadTimeoutError extends Error {
  readonly timeoutMs: number;

  constructor(what: string, timeoutMs: number) {
    super(`${what} did not load within ${timeoutMs} ms`);
    this.name = 'LoadTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** Ours, or the federation runtime's own entry-script timeout (`ScriptNetworkError: … timed out.`). */
export const isLoadTimeoutError = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'LoadTimeoutError' || /\btimed out\b/.test(error.message));

interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Settles like `work`, or rejects with a LoadTimeoutError once `timeoutMs` have passed. A script
 * that never answers fires neither `load` nor `error`, so without this a hung remote left its
 * routes blank for as long as anyone watched (330 s when it was measured). `timeoutMs <= 0` means no limit.
 */
export function withTimeLimit<T>(
  work: Promise<T>,
  timeoutMs: number,
  what: string,
  timers: Timers = browserTimers,
): Promise<T> {
  if (!(timeoutMs > 0)) return work;
  return new Promise<T>((resolve, reject) => {
    const handle = timers.setTimeout(() => reject(new LoadTimeoutError(what, timeoutMs)), timeoutMs);
    work.then(
      (value) => {
        timers.clearTimeout(handle);
        resolve(value);
      },
      (error: unknown) => {
        timers.clearTimeout(handle);
        reject(error);
      },
    );
  });
}
