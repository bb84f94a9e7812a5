/**
 * The one-process SharedState: notices are function calls, pages and request counts live in this
 * process; views and failures in the builds folder's file (which the local deploy CLI reads).
 */
import { fileCountStore } from './failure-counts';
import { createWindowCounts } from './window-counts';
import { PageCache } from '../rendering/page-cache';
import type { Notice, SharedState, SharedStateOptions } from './shared-state';

/** Clients counted at once; the least recently seen are forgotten first. */
const MAX_COUNTED_KEYS = 50_000;

/** `buildsDir`: where the views and failures are counted (its failure-counts.json). */
export function createMemoryState(options: SharedStateOptions & { buildsDir: string }): SharedState {
  const listeners = new Set<(notice: Notice) => void>();
  const cache = new PageCache(options.pages);
  const windows = createWindowCounts(MAX_COUNTED_KEYS);

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
    hit: async (key, windowMs) => windows.hit(key, windowMs),
    hits: async (key) => windows.hits(key),
    counts: fileCountStore(options.buildsDir),
    async close() {
      listeners.clear();
    },
  };
}
