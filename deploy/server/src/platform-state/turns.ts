import { LockTimeout } from './platform-state';

/**
 * Callers of one lock within this process, in the order they asked: each runs after every earlier
 * one has finished, or gives up once it waited `waitMs` in all (its turn here, then whatever
 * `run` waits for with the time left: another process's holder). One that gives up never lets a
 * later caller in early.
 */
export class Turns {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** `onIdle`: nobody holds or waits for a turn any more (the owner may forget this queue). */
  constructor(private readonly onIdle: () => void = () => {}) {}

  take<T>(waitMs: number, what: string, run: (remainingMs: number) => Promise<T>): Promise<T> {
    const deadline = Date.now() + waitMs;
    const turn = this.tail.catch(() => undefined);
    this.waiting++;
    const mine = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new LockTimeout(`Another deploy holds ${what}; try again`)), waitMs);
      void turn.then(() => {
        clearTimeout(timer);
        resolve();
      });
    }).then(() => run(Math.max(0, deadline - Date.now())));
    // The next caller waits for the earlier ones too, even when this one gave up.
    this.tail = Promise.all([turn, mine.catch(() => undefined)]).finally(() => {
      if (--this.waiting === 0) this.onIdle();
    });
    return mine;
  }
}
