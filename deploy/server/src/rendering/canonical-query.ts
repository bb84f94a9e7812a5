/**
 * A page's URL as the page cache knows it: only the query parameters the page declares it reads
 * (its page manifest's `query`), non-empty. Anything else cannot change what is rendered, so a
 * request carrying it is sent (301) to the URL without it — a random query string is never a fresh
 * render nor a new cache entry — and the cache key lists the parameters in one order.
 */
export interface CanonicalQuery {
  /** True when the request carried something the page does not read (or empty parameters). */
  dropsSomething: boolean;
  /** The query to redirect to (`?…` or ''), in the request's order. */
  canonical: string;
  /** The query for the cache key: the same parameters sorted by name. */
  cacheKey: string;
}

export function canonicalQuery(search: string, declared: readonly string[]): CanonicalQuery {
  const entries = [...new URLSearchParams(search)];
  const kept = entries.filter(([name, value]) => declared.includes(name) && value !== '');
  const query = (list: Array<[string, string]>) => {
    const text = new URLSearchParams(list).toString();
    return text ? `?${text}` : '';
  };
  // A stable sort: the values of one parameter keep their order (filters are ordered lists).
  const sorted = [...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { dropsSomething: kept.length !== entries.length, canonical: query(kept), cacheKey: query(sorted) };
}
