/**
 * Rendered public pages, kept in memory by URL and live set (a deploy makes a new key) and
 * dropped as soon as the CMS says a collection they read has changed — so a published change
 * shows on the next request. Least recently used pages go first when it is full.
 */
export interface CachedPage {
  status: number;
  html: string;
  etag: string;
  /** CMS collections the page's data came from. */
  collections: readonly string[];
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(private readonly maxEntries: number) {}

  static key(liveSetId: string, url: string): string {
    return `${liveSetId} ${url}`;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      // Refresh its place in the LRU order.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    if (this.maxEntries <= 0) return;
    this.pages.delete(key);
    this.pages.set(key, page);
    while (this.pages.size > this.maxEntries) {
      const oldest = this.pages.keys().next().value as string;
      this.pages.delete(oldest);
    }
  }

  /** Drops every page that read one of the collections (all pages when none is named). */
  invalidate(collections: readonly string[] | null): number {
    let dropped = 0;
    for (const [key, page] of this.pages) {
      if (!collections || page.collections.some((collection) => collections.includes(collection))) {
        this.pages.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  get size(): number {
    return this.pages.size;
  }
}
