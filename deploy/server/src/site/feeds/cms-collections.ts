/**
 * Reads whole public collections from the CMS for the feed and the sitemap (the app server
 * itself, not a render worker: these are not pages). Strapi answers at most 100 entries a
 * request, so a collection is read page by page.
 */
const PAGE_SIZE = 100;
const READ_TIMEOUT_MS = 8000;

export class CmsUnavailableError extends Error {}

/**
 * Every published entry of `collection`; `query` holds Strapi's bracket-style parameters
 * (`fields[0]=slug`, `populate[sub_category][fields][0]=path`, …) without the pagination.
 */
export async function readCollection<T>(
  cmsUrl: string,
  collection: string,
  query: ReadonlyArray<readonly [string, string]>,
): Promise<T[]> {
  const entries: T[] = [];
  for (let page = 1; ; page++) {
    const search = new URLSearchParams([
      ...query.map(([key, value]) => [key, value]),
      ['pagination[page]', String(page)],
      ['pagination[pageSize]', String(PAGE_SIZE)],
    ]);
    let response: Response;
    try {
      response = await fetch(`${cmsUrl}/${collection}?${search}`, {
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      throw new CmsUnavailableError(`the CMS did not answer for ${collection}: ${String(error)}`);
    }
    if (!response.ok) throw new CmsUnavailableError(`the CMS answered ${response.status} for ${collection}`);
    const body = (await response.json()) as { data: T[]; meta?: { pagination?: { pageCount?: number } } };
    entries.push(...body.data);
    if (page >= (body.meta?.pagination?.pageCount ?? 1)) return entries;
  }
}

/** `fields[0]=a&fields[1]=b…` as query pairs. */
export const fieldsQuery = (prefix: string, fields: readonly string[]) =>
  fields.map((field, index) => [`${prefix}[${index}]`, field] as const);

/**
 * One value made from CMS content, kept for `ttlMs` and dropped at once when the CMS reports a
 * change to a collection it read (`collections`, or a function when they change with the live set).
 * Concurrent requests share one read.
 */
export class CmsDerivedValue<T> {
  private value: { made: number; promise: Promise<T> } | null = null;

  constructor(
    private readonly collections: readonly string[] | (() => readonly string[]),
    private readonly make: () => Promise<T>,
    private readonly ttlMs: number,
  ) {}

  get(now = Date.now()): Promise<T> {
    if (!this.value || now - this.value.made > this.ttlMs) {
      const promise = this.make();
      const value = { made: now, promise };
      this.value = value;
      // A failed read is not kept: the next request tries again.
      promise.catch(() => {
        if (this.value === value) this.value = null;
      });
    }
    return this.value.promise;
  }

  /** Called with the collections the CMS says changed (null: any). */
  invalidate(collections: readonly string[] | null): void {
    const read = typeof this.collections === 'function' ? this.collections() : this.collections;
    if (!collections || collections.some((collection) => read.includes(collection))) this.value = null;
  }
}
