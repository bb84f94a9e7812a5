/**
 * The CMS's content-changed reports (`POST /_/content-changed`, content-changed-webhook.ts) passed on to
 * every other cache that holds CMS content — the feed and the sitemap — so they stay correct
 * as content changes, without a rebuild.
 */
export type ContentChangeListener = (collections: readonly string[] | null) => void;

export class ContentChanges {
  private readonly listeners = new Set<ContentChangeListener>();

  /** `collections` null means "anything may have changed". */
  notify(collections: readonly string[] | null): void {
    for (const listener of this.listeners) listener(collections);
  }

  listen(listener: ContentChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
