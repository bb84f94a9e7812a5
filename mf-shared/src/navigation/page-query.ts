/** `?page=` as a positive integer; absent, malformed or below 1 is page 1 (never an error). */
export function pageFromQuery(search: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(search.get('page'))) || 1);
}

/** `pathname` with the same query on page `page`; page 1 leaves `page` out so the first page has one URL. */
export function hrefWithPage(pathname: string, search: URLSearchParams, page: number): string {
  const query = new URLSearchParams(search);
  if (page > 1) query.set('page', String(page));
  else query.delete('page');
  const text = query.toString();
  return text ? `${pathname}?${text}` : pathname;
}
