/**
 * Hits counted in fixed windows in this process, for a bounded number of keys (the least recently
 * counted are forgotten first): the memory state's request counts, and the copy a count kept in
 * Redis also keeps here for when Redis cannot be asked (security/key-guesses.ts).
 */
import { LRUCache } from 'lru-cache';

/** A key's hits in its current window and the milliseconds left of that window (0 and 0: none). */
export interface WindowCount {
  count: number;
  msLeft: number;
}

export const NO_HITS: WindowCount = { count: 0, msLeft: 0 };

export function createWindowCounts(maxKeys: number) {
  const windows = new LRUCache<string, { count: number; windowEnds: number }>({ max: maxKeys });
  return {
    /** Counts one hit on `key` in its window of `windowMs` (one starts with the first hit); the count so far. */
    hit(key: string, windowMs: number): number {
      const now = Date.now();
      const window = windows.get(key);
      if (!window || window.windowEnds <= now) {
        windows.set(key, { count: 1, windowEnds: now + windowMs });
        return 1;
      }
      window.count += 1;
      return window.count;
    },
    /** The hits on `key` so far in its window, without counting one. */
    hits(key: string): WindowCount {
      const window = windows.peek(key);
      const msLeft = window ? window.windowEnds - Date.now() : 0;
      return window && msLeft > 0 ? { count: window.count, msLeft } : NO_HITS;
    },
  };
}
