/**
 * The one-process SharedState: notices are function calls, pages and request counts live in this
 * process; views and failures in the builds folder's file (which the local deploy CLI reads).
 */
import { LRUCache } from 'lru-cache';
import { fileCountStore } from './failure-counts';
import { PageCache } from '../rendering/page-cache';
import type { Notice, SharedState, SharedStateOptions } from './shared-state';

/** Clients counted at once; the least recently seen are forgotten first. */
const MAX_COUNTED_KEYS = 50_000;

/** `buildsDir`: where the views and failures are counted (its failure-counts.json). */
export function createMemoryState(options: SharedStateOptions & { buildsDir: string }): SharedState {
  const listeners = new Set<(notice: Notice) => void>();
  const cache = new PageCache(options.pages);
  const hits = new LRUCache<string, { count: number; windowEnds: number }>({ max: MAX_COUNTED_KEYS });

  return {
    kind: 'memory',
    async announce(notice) {
      for (const listener of listeners) listener(notice);
    },
    onNotice(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pages: {
      get: async (key) => cache.get(key),
      set: async (key, page) => cache.set(key, page),
      renderFailed: async (key) => cache.renderFailed(key),
      claimRetry: async (key) => cache.claimRetry(key),
      invalidate: async (collections) => cache.invalidate(collections),
      held: () => ({ pages: cache.size, bytes: cache.sizeBytes }),
    },
    async hit(key, windowMs) {
      const now = Date.now();
      const entry = hits.get(key);
      if (!entry || entry.windowEnds <= now) {
        hits.set(key, { count: 1, windowEnds: now + windowMs });
        return 1;
      }
      entry.count += 1;
      return entry.count;
    },
    counts: fileCountStore(options.buildsDir),
    async close() {
      listeners.clear();
    },
  };
}
