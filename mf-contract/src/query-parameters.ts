/**
 * What a page reads of its URL's query, parameter by parameter — and so the one URL each of its
 * states has. A page declares its parameters (none by default); the app server sends (301) any
 * other spelling of the same state to the canonical one before anything is rendered or cached, and
 * the apps write their own links in it, so a reload or a shared link is never redirected:
 * - a parameter the page does not declare, or an empty one, is dropped;
 * - a one-value parameter keeps its first value (what `URLSearchParams.get` reads), a list every
 *   value once, in code-point order (a filter's ticked values are a set);
 * - a page number is digits, 2 and up: `page=1` (the default), `0`, `-1`, `abc` are dropped,
 *   `007` is `7`, and a page past the last stays (it is that page's 404);
 * - a `one-of` keeps only a listed value, and drops its default;
 * - parameters follow the page's declared order, whatever order the request had.
 */
import { matchRoute } from './route-rule';
import type { PageRoute } from './app-manifest-schema';

export type QueryParameter =
  /** One free value, trimmed (`q`, `tag`, `redirect`). */
  | { name: string; kind: 'text' }
  /** A list page's number. */
  | { name: string; kind: 'page' }
  /** One of `values`; `default` is what the page shows without it. */
  | { name: string; kind: 'one-of'; values: string[]; default?: string }
  /** Any number of values (a filter's ticked values). */
  | { name: string; kind: 'list' };

export const textParameter = (name: string): QueryParameter => ({ name, kind: 'text' });
export const pageParameter = (name = 'page'): QueryParameter => ({ name, kind: 'page' });
export const listParameter = (name: string): QueryParameter => ({ name, kind: 'list' });
export const oneOfParameter = (name: string, values: readonly string[], defaultValue?: string): QueryParameter => ({
  name,
  kind: 'one-of',
  values: [...values],
  ...(defaultValue === undefined ? {} : { default: defaultValue }),
});

/**
 * A page's declarations as a manifest carries them: a bare name (manifests of contract 1.5 and
 * before) is one free value.
 */
export type DeclaredQuery = ReadonlyArray<string | QueryParameter>;

/** A part of a `/*` page that reads a query of its own (the catalogue's listings and product pages). */
export interface SubpageQuery {
  path: string;
  query: DeclaredQuery;
}

function canonicalValues(parameter: QueryParameter, values: readonly string[]): string[] {
  const given = values.map((value) => value.trim()).filter(Boolean);
  const first = given[0];
  switch (parameter.kind) {
    case 'list':
      return [...new Set(given)].sort();
    case 'text':
      return first === undefined ? [] : [first];
    case 'page': {
      // Digits as written, without leading zeros: a page past the last is the page's own 404.
      const digits = first !== undefined && /^\d+$/.test(first) ? first.replace(/^0+/, '') : '';
      return digits.length > 1 || digits >= '2' ? [digits] : [];
    }
    case 'one-of':
      return first !== undefined && first !== parameter.default && parameter.values.includes(first) ? [first] : [];
  }
}

const asParameter = (declared: string | QueryParameter): QueryParameter =>
  typeof declared === 'string' ? textParameter(declared) : declared;

/** The canonical query of a page's state: `?…` or '' (see the module's comment for the rules). */
export function canonicalSearch(search: URLSearchParams | string, declared: DeclaredQuery): string {
  const given = typeof search === 'string' ? new URLSearchParams(search) : search;
  const canonical = new URLSearchParams();
  for (const parameter of declared.map(asParameter))
    for (const value of canonicalValues(parameter, given.getAll(parameter.name)))
      canonical.append(parameter.name, value);
  // `/` and `:` stay as written (a `redirect=/panel/order` is read as it looks); the rest as the
  // form encoding writes it, so every spelling of a value has one canonical form.
  const text = canonical.toString().replace(/%2F/g, '/').replace(/%3A/g, ':');
  return text ? `?${text}` : '';
}

/** What a page at `pathname` reads: its first matching subpage's query, else its own (none when undeclared). */
export function declaredQueryAt(
  page: { query?: DeclaredQuery; subpages?: readonly SubpageQuery[] },
  pathname: string,
): DeclaredQuery {
  const subpage = page.subpages?.length ? matchRoute(page.subpages, (candidate) => candidate.path, pathname) : null;
  return subpage ? subpage.candidate.query : (page.query ?? []);
}

/**
 * Where the app server sends a request for `url` (its path `pathname`, owned by `route` or by no
 * app): null when it is the canonical URL already, else that URL. A page rendered in the browser
 * is one shell page whatever its query, and keeps it for the browser; a path no app owns reads none.
 */
export function canonicalPageUrl(url: string, pathname: string, route: PageRoute | undefined): string | null {
  if (route?.rendering === 'browser') return null;
  const search = url.slice(pathname.length);
  const canonical = canonicalSearch(search, route ? declaredQueryAt(route, pathname) : []);
  return search === canonical ? null : pathname + canonical;
}
