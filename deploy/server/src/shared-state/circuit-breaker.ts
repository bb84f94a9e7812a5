/**
 * A circuit breaker for Redis (redis-state.ts): a hung Redis costs one command timeout, then
 * nothing. After a command fails, every call fails at once for a pause (which doubles, up to a
 * cap, while Redis keeps failing); after the pause one call is let through as a probe, and its
 * success closes the breaker. Opening and closing are one log line each, however many requests
 * meet the open breaker.
 *
 * Hand-written rather than opossum: opossum 10 requires Node 22 (9.0.0 is the last for our Node
 * 20); its pause (`resetTimeout`) is fixed, where this one grows while Redis stays away; and its
 * own timeout only races the promise, leaving the command in ioredis's queue — the timeout that
 * matters is ioredis's `commandTimeout`. What is left of it (rolling statistics, semaphore,
 * caching, coalescing) is not needed for one rule: any failure opens.
 */

export interface CircuitBreakerOptions {
  /** The first pause after a failure; doubled after each failed probe. */
  pauseMs: number;
  /** The longest pause. */
  maxPauseMs: number;
  /** Told once when the breaker opens, with the failure that opened it. */
  onOpen(error: unknown): void;
  /** Told once when a probe has succeeded, with how long the breaker was open. */
  onClose(openForMs: number): void;
}

/** What a call gets while the breaker is open: the caller answers as when Redis is down. */
export class CircuitOpenError extends Error {
  override name = 'CircuitOpenError';
}

export interface CircuitBreaker {
  /** Runs `command` unless the breaker is open; a failure (`countsAsFailure`) opens it. */
  run<T>(command: () => Promise<T>): Promise<T>;
}

export function createCircuitBreaker(
  options: CircuitBreakerOptions,
  countsAsFailure: (error: unknown) => boolean = () => true,
): CircuitBreaker {
  let state: 'closed' | 'open' | 'probing' = 'closed';
  let pauseMs = options.pauseMs;
  let openedAt = 0;
  let retryAt = 0;

  const open = (error: unknown) => {
    if (state === 'closed') {
      openedAt = Date.now();
      pauseMs = options.pauseMs;
      options.onOpen(error);
    } else {
      pauseMs = Math.min(pauseMs * 2, options.maxPauseMs);
    }
    state = 'open';
    retryAt = Date.now() + pauseMs;
  };
  const close = () => {
    state = 'closed';
    options.onClose(Date.now() - openedAt);
  };

  return {
    async run(command) {
      if (state === 'probing' || (state === 'open' && Date.now() < retryAt))
        throw new CircuitOpenError('Redis is not asked for now (circuit open)');
      const probe = state === 'open';
      if (probe) state = 'probing';
      try {
        const result = await command();
        if (probe) close();
        return result;
      } catch (error) {
        const outage = countsAsFailure(error);
        // A call sent before the breaker opened and failing after it does not lengthen the pause.
        if (outage && (state === 'closed' || probe)) open(error);
        // An error Redis answered with (a bad command) still shows Redis is back.
        else if (!outage && probe) close();
        throw error;
      }
    },
  };
}
