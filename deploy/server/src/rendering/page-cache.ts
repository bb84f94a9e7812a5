/**
 * Rendered public pages, kept in memory by URL and live set (a deploy makes a new key). When the
 * CMS says a collection a page read has changed, the page stops being served from here — so a
 * published change shows on the next request — but is kept as that page's last good render:
 * if the fresh render fails (CMS down, slow past the budget, answering 5xx), the last good one is
 * served instead of an error (stale-if-error). Least recently used pages go first when it is full.
 */
export interface CachedPage {
  status: number;
  html: string;
  etag: string;
  /** CMS collections the page's data came from. */
  collections: readonly string[];
}

interface Entry {
  page: CachedPage;
  /** Its content changed since it was rendered: served only when a fresh render fails. */
  stale: boolean;
  /** A fresh render failed: until then the stale copy is served without trying again. */
  failedUntil: number;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries: number) {}

  static key(liveSetId: string, url: string): string {
    return `${liveSetId} ${url}`;
  }

  /** A page that may be served as it is (not stale). */
  get(key: string): CachedPage | undefined {
    const entry = this.touch(key);
    return entry && !entry.stale ? entry.page : undefined;
  }

  /** The last good render of a page, stale or not: what to serve when a fresh render fails. */
  lastGood(key: string): CachedPage | undefined {
    return this.touch(key)?.page;
  }

  set(key: string, page: CachedPage): void {
    if (this.maxEntries <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { page, stale: false, failedUntil: 0 });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** A fresh render of a page with a last good copy failed: serve that copy for `backOffMs`. */
  renderFailed(key: string, backOffMs: number, now = Date.now()): void {
    const entry = this.entries.get(key);
    if (entry) {
      entry.stale = true;
      entry.failedUntil = now + backOffMs;
    }
  }

  /** Whether a fresh render of this page failed less than the back-off ago. */
  backingOff(key: string, now = Date.now()): boolean {
    return (this.entries.get(key)?.failedUntil ?? 0) > now;
  }

  /** Marks stale every page that read one of the collections (all pages when none is named). */
  invalidate(collections: readonly string[] | null): number {
    let marked = 0;
    for (const entry of this.entries.values()) {
      if (!entry.stale && (!collections || entry.page.collections.some((collection) => collections.includes(collection)))) {
        entry.stale = true;
        marked += 1;
      }
    }
    return marked;
  }

  /** Pages served as they are (stale ones not counted). */
  get size(): number {
    let fresh = 0;
    for (const entry of this.entries.values()) if (!entry.stale) fresh += 1;
    return fresh;
  }

  private touch(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Refresh its place in the LRU order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }
}
