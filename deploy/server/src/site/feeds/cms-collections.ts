/**
 * Reads public collections from the CMS for the feeds and the sitemap (the app server itself,
 * not a render worker: these are not pages). Strapi answers at most 100 entries a request, so a
 * whole collection is read page by page.
 */
const PAGE_SIZE = 100;
const READ_TIMEOUT_MS = 8000;

export class CmsUnavailableError extends Error {}

/** Past this a value made from CMS content is read again even without a change report (a lost report heals itself). */
export const KEEP_CMS_DERIVED_MS = 5 * 60 * 1000;

type Query = ReadonlyArray<readonly [string, string]>;

/** One page of a collection as Strapi answers it, with how many pages there are. */
async function readPage<T>(
  cmsUrl: string,
  collection: string,
  query: Query,
  page: number,
  pageSize: number,
): Promise<{ data: T[]; pageCount: number }> {
  const search = new URLSearchParams([
    ...query.map(([key, value]) => [key, value]),
    ['pagination[page]', String(page)],
    ['pagination[pageSize]', String(pageSize)],
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
  return { data: body.data, pageCount: body.meta?.pagination?.pageCount ?? 1 };
}

/**
 * Every published entry of `collection`; `query` holds Strapi's bracket-style parameters
 * (`fields[0]=slug`, `populate[sub_category][fields][0]=path`, …) without the pagination.
 */
export async function readCollection<T>(cmsUrl: string, collection: string, query: Query): Promise<T[]> {
  const entries: T[] = [];
  for (let page = 1; ; page++) {
    const { data, pageCount } = await readPage<T>(cmsUrl, collection, query, page, PAGE_SIZE);
    entries.push(...data);
    if (page >= pageCount) return entries;
  }
}

/** The first `count` published entries of `collection` in the order `query` sorts them (a feed's latest). */
export async function readLatest<T>(cmsUrl: string, collection: string, query: Query, count: number): Promise<T[]> {
  return (await readPage<T>(cmsUrl, collection, query, 1, Math.min(count, PAGE_SIZE))).data;
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
