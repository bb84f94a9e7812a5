/**
 * A time limit on waiting for another process (Redis) that measures that process, not this one.
 * A plain timer on a busy machine fires late — after a long task of this thread, a GC pause, or
 * while the CPU ran other work — and by then the answer may be sitting unread in the socket: the
 * timer, run first in the event loop's turn, would blame the dependency for this process's delay.
 *
 * So when the limit is reached the answer is given one more turn of the event loop to be read
 * (`setImmediate` runs after the turn's I/O), and a timer that fired late by a lot — this process
 * was away — gives the dependency its time again, a few times at most, so a hung dependency is
 * still given up on within a bounded wait.
 */
export class DependencyTimeout extends Error {
  override readonly name = 'DependencyTimeout';
}

/** Late by more than this share of the limit: this process was away, not waiting. */
const LATE_SHARE = 0.5;
/** How many times the limit may be given again for lateness (a hung dependency: 4 limits at most). */
const MAX_EXTENSIONS = 3;

export function withinDependencyTime<T>(call: Promise<T>, limitMs: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let extensions = 0;
    let timer: NodeJS.Timeout;
    const arm = () => {
      const due = performance.now() + limitMs;
      timer = setTimeout(() => {
        const late = performance.now() - due;
        if (late > limitMs * LATE_SHARE && extensions < MAX_EXTENSIONS) {
          extensions += 1;
          return arm();
        }
        // An answer that arrived meanwhile is read in this turn's I/O, before this runs.
        setImmediate(() => {
          if (settled) return;
          settled = true;
          reject(new DependencyTimeout(`${what} did not answer within ${limitMs} ms`));
        });
      }, limitMs);
    };
    arm();
    call.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
