/**
 * Rendered public pages, kept in memory by URL and live set (a deploy makes a new key). When the
 * CMS says a collection a page read has changed, the page turns stale: the next request renders
 * it afresh, so a published change shows at once — but the stale copy stays as the page's last
 * good render, served when that re-render fails (the CMS down, slow or answering 5xx:
 * docs/architecture.md, "Failure stays contained"). Fresh and stale pages share one bound, in
 * pages and in bytes (a last good render is kept for as long as there is room, not for a set
 * time); least recently used pages go first when it is full.
 */
import { todayInTehran } from '@steel/shared';

export interface CachedPage {
  status: number;
  html: string;
  etag: string;
  /** CMS collections the page's data came from. */
  collections: readonly string[];
  /** When it was rendered (ms since the epoch): its age when served stale. */
  renderedAt: number;
}

export interface CacheEntry {
  page: CachedPage;
  /** Its content changed in the CMS, or a re-render failed: serve only when a re-render fails. */
  stale: boolean;
  /** A re-render of this page failed: the next one is tried no sooner than this (ms since the epoch). */
  retryAt: number | null;
}

export interface PageCacheOptions {
  maxEntries: number;
  /** Memory the pages' HTML may take, estimated as two bytes a character (how V8 keeps Persian text). */
  maxBytes?: number;
  /** After a failed re-render, how long a page waits before the next attempt. */
  retryMs?: number;
  now?: () => number;
}

/**
 * Whether a cached page still holds for a request made `now`. Pages read Tehran's date (the home
 * page's offers of the day, the exchange's day): a copy rendered on an earlier day there is out of
 * date for every page at midnight, though no content changed. It is treated as stale — rendered
 * afresh, and kept as the last good render should that fail.
 */
export function isFresh(entry: CacheEntry, now: number = Date.now()): boolean {
  return !entry.stale && todayInTehran(new Date(entry.page.renderedAt)) === todayInTehran(new Date(now));
}

/** What a page is counted as against the cache's byte bound. */
export const pageBytes = (page: CachedPage): number => page.html.length * 2;

export class PageCache {
  private readonly entries = new Map<string, CacheEntry>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly retryMs: number;
  private readonly now: () => number;

  constructor({ maxEntries, maxBytes = Infinity, retryMs = 10_000, now = Date.now }: PageCacheOptions) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.retryMs = retryMs;
    this.now = now;
  }

  static key(liveSetId: string, url: string): string {
    return `${liveSetId} ${url}`;
  }

  get(key: string): CacheEntry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Refresh its place in the LRU order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** A fresh render; or, with `state`, a copy of a page as another cache holds it (stale, waiting to retry). */
  set(
    key: string,
    page: CachedPage,
    state: Pick<CacheEntry, 'stale' | 'retryAt'> = { stale: false, retryAt: null },
  ): void {
    // A page larger than the whole bound is not kept; an older copy of it stays its last good render.
    if (this.maxEntries <= 0 || pageBytes(page) > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, { page, stale: state.stale, retryAt: state.retryAt });
    this.bytes += pageBytes(page);
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      this.delete(this.entries.keys().next().value as string);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= pageBytes(entry.page);
  }

  /** A re-render of the page failed: it stays, stale, and is not tried again for `retryMs`. */
  renderFailed(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.stale = true;
    entry.retryAt = this.now() + this.retryMs;
  }

  /**
   * True when a page whose re-render failed may be tried again now — at most once per `retryMs`,
   * so a CMS that is down is not asked again for every request of a busy page.
   */
  claimRetry(key: string): boolean {
    const entry = this.entries.get(key);
    const now = this.now();
    if (!entry || entry.retryAt === null || now < entry.retryAt) return false;
    entry.retryAt = now + this.retryMs;
    return true;
  }

  /** Marks stale every page that read one of the collections (all pages when none is named). */
  invalidate(collections: readonly string[] | null): number {
    let marked = 0;
    for (const entry of this.entries.values()) {
      if (entry.stale) continue;
      if (!collections || entry.page.collections.some((collection) => collections.includes(collection))) {
        entry.stale = true;
        marked += 1;
      }
    }
    return marked;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the kept pages count against the byte bound. */
  get sizeBytes(): number {
    return this.bytes;
  }
}

/** The rendered-page cache as the renders use it: this file's PageCache, or the app servers' shared one (shared-state/). */
export interface PageStore {
  get(key: string): Promise<CacheEntry | undefined>;
  set(key: string, page: CachedPage): Promise<void>;
  /** A re-render failed: the page stays as the last good render and is retried after a pause. */
  renderFailed(key: string): Promise<void>;
  /** True for one caller at a time once the pause after a failed re-render is over. */
  claimRetry(key: string): Promise<boolean>;
  /** Marks stale every page that read one of the collections (all with null); how many turned stale. */
  invalidate(collections: readonly string[] | null): Promise<number>;
  /** The pages this server holds, and their bytes (with Redis: its own copy). */
  held(): { pages: number; bytes: number };
}
