/**
 * What a page reads of its URL's query, parameter by parameter — and so the one URL each of its
 * states has. A page declares its parameters (none by default); the app server sends (301) any
 * other spelling of the same state to the canonical one before anything is rendered or cached, and
 * the apps write their own links in it, so a reload or a shared link is never redirected:
 * - a parameter the page does not declare, or an empty one, is dropped;
 * - a one-value parameter keeps its first value (what `URLSearchParams.get` reads), a list every
 *   value once, in code-point order (a filter's ticked values are a set);
 * - a value longer than its rule allows (`MAX_VALUE_LENGTH` unless the page says otherwise) or not
 *   of its type (a number, a date) is dropped;
 * - a page number is digits, 2 and up: `page=1` (the default), `0`, `-1`, `abc` are dropped,
 *   `007` is `7`;
 * - a `one-of` keeps only a listed value, and drops its default;
 * - parameters follow the page's declared order, whatever order the request had.
 * Those rules need nothing but the declaration. A page with a state source (`stateSource`, a CMS
 * read) has two more, which the app server applies with the CMS's answer (`canonicalHeldSearch`):
 * - a value the CMS does not hold (a filter value no product has) is dropped;
 * - a page past the last is the last page.
 */
import { matchRoute } from './route-rule';
import type { PageRoute } from './app-manifest-schema';

/** The longest value a parameter keeps unless its rule says otherwise: no state of this site is spelled longer. */
export const MAX_VALUE_LENGTH = 200;

/** What a value of a text or list parameter may be. */
export interface ValueRule {
  /** `number`: a decimal written plainly (`12`, `6.5`); `date`: `YYYY-MM-DD`; any text when absent. */
  type?: 'number' | 'date';
  /** The longest value kept (characters); `MAX_VALUE_LENGTH` when absent. */
  maxLength?: number;
  /** Only a value the page's state source holds is kept (a filter value some product has). */
  held?: boolean;
}

export type QueryParameter =
  /** One free value, trimmed (`q`, `tag`, `redirect`). */
  | { name: string; kind: 'text'; value?: ValueRule }
  /** A list page's number; `perPage`: how many items a page lists (with a state source: where the last page is). */
  | { name: string; kind: 'page'; perPage?: number }
  /** One of `values`; `default` is what the page shows without it. */
  | { name: string; kind: 'one-of'; values: string[]; default?: string }
  /** Any number of values (a filter's ticked values). */
  | { name: string; kind: 'list'; value?: ValueRule };

const withRule = (value: ValueRule | undefined) => (value && Object.keys(value).length ? { value } : {});
export const textParameter = (name: string, value?: ValueRule): QueryParameter => ({
  name,
  kind: 'text',
  ...withRule(value),
});
export const pageParameter = (name = 'page', perPage?: number): QueryParameter => ({
  name,
  kind: 'page',
  ...(perPage === undefined ? {} : { perPage }),
});
export const listParameter = (name: string, value?: ValueRule): QueryParameter => ({
  name,
  kind: 'list',
  ...withRule(value),
});
export const oneOfParameter = (name: string, values: readonly string[], defaultValue?: string): QueryParameter => ({
  name,
  kind: 'one-of',
  values: [...values],
  ...(defaultValue === undefined ? {} : { default: defaultValue }),
});

/**
 * A page's declarations as an app manifest carries them: a bare name (app manifests of contract 1.5 and
 * before) is one free value.
 */
export type DeclaredQuery = ReadonlyArray<string | QueryParameter>;

/** A part of a `/*` page that reads a query of its own (the catalogue's listings and product pages). */
export interface SubpageQuery {
  path: string;
  query: DeclaredQuery;
  /** Where the app server asks which values the part's query holds (see `PageQueryAt`). */
  stateSource?: string;
}

const VALUE_TYPES: Record<NonNullable<ValueRule['type']>, RegExp> = {
  number: /^\d{1,12}(\.\d{1,6})?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

/** Whether a (trimmed) value is one the rule allows, decided without the CMS. */
function allowedByRule(value: string, rule: ValueRule | undefined): boolean {
  if (value.length > (rule?.maxLength ?? MAX_VALUE_LENGTH)) return false;
  return !rule?.type || VALUE_TYPES[rule.type].test(value);
}

function canonicalValues(parameter: QueryParameter, values: readonly string[]): string[] {
  const rule = parameter.kind === 'list' || parameter.kind === 'text' ? parameter.value : undefined;
  const given = values
    .map((value) => value.trim())
    .filter(Boolean)
    .filter((value) => parameter.kind === 'page' || parameter.kind === 'one-of' || allowedByRule(value, rule));
  const first = given[0];
  switch (parameter.kind) {
    case 'list':
      return [...new Set(given)].sort();
    case 'text':
      return first === undefined ? [] : [first];
    case 'page': {
      // Digits as written, without leading zeros: where the last page is, only a state source knows.
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
export function declaredQueryAt(page: QueryDeclarations, pathname: string): DeclaredQuery {
  return pageQueryAt(page, pathname).query;
}

/** A page's declarations of its query, as its route carries them. */
export interface QueryDeclarations {
  query?: DeclaredQuery;
  /**
   * Where the app server asks the CMS which values the page's query holds: a path of the CMS's API
   * (`/page-state/listing`), asked with `path` (the page's path) and the state's query; it
   * answers a `QueryStateAnswer`.
   */
  stateSource?: string;
  subpages?: readonly SubpageQuery[];
}

/** What the page at `pathname` reads and where its values are held: its first matching subpage's, else its own. */
export function pageQueryAt(
  page: QueryDeclarations,
  pathname: string,
): { query: DeclaredQuery; stateSource: string | null } {
  const subpage = page.subpages?.length ? matchRoute(page.subpages, (candidate) => candidate.path, pathname) : null;
  const own = subpage ? subpage.candidate : page;
  return { query: own.query ?? [], stateSource: own.stateSource ?? null };
}

/** A state source's answer for a page's path and one state of its query. */
export interface QueryStateAnswer {
  /** Every value each held parameter may take at the path (whatever the other parameters say). */
  values: Record<string, string[]>;
  /** How many items the state lists, its filters applied. */
  total: number;
}

const isHeld = (parameter: QueryParameter) =>
  (parameter.kind === 'list' || parameter.kind === 'text') && parameter.value?.held === true;

/**
 * Whether a canonical search needs its page's state source to be decided: it has a held value, or
 * a page number (which may be past the last).
 */
export function needsQueryState(search: string, declared: DeclaredQuery): boolean {
  const given = new URLSearchParams(search);
  return declared
    .map(asParameter)
    .some((parameter) => given.has(parameter.name) && (isHeld(parameter) || parameter.kind === 'page'));
}

/** The state a canonical search is about, as the state source is asked for its total: its page number left out. */
export function queryStateSearch(search: string, declared: DeclaredQuery): string {
  return canonicalSearch(
    search,
    declared.map(asParameter).filter((parameter) => parameter.kind !== 'page'),
  );
}

/**
 * The canonical search given its state source's answers (the module's comment): a held value the
 * source does not hold is dropped; with the state's total, a page past the last is the last one.
 */
export function canonicalHeldSearch(
  search: string,
  declared: DeclaredQuery,
  state: { values: QueryStateAnswer['values']; total?: number },
): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const parameter of declared.map(asParameter)) {
    for (const value of given.getAll(parameter.name)) {
      if (isHeld(parameter) && !(state.values[parameter.name] ?? []).includes(value)) continue;
      if (parameter.kind === 'page' && parameter.perPage && state.total !== undefined) {
        const last = Math.max(1, Math.ceil(state.total / parameter.perPage));
        // Compared as numbers only when short enough to be one: a longer one is past any list.
        const past = value.length > 15 || Number(value) > last;
        kept.append(parameter.name, past ? String(last) : value);
        continue;
      }
      kept.append(parameter.name, value);
    }
  }
  return canonicalSearch(kept, declared);
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
