/**
 * A sub-category listing's state lives in the URL query, so a filtered list is a link: shareable,
 * reload-safe, restored by back and forward. `?diameter_mm=12&diameter_mm=14&sort=price-asc&page=2`
 * — one key per attribute (repeated for several values), `sort`, `page`. Keys the sub-category
 * does not list are dropped (a stale or hand-made link is ignored, never an error).
 */
import { canonicalSearch, listParameter, oneOfParameter, pageParameter, type QueryParameter } from '@steel/contract';
import { type PageUrl } from '@steel/shared';
import { numericAttributes, type Subcategory } from '../../category/category-tree';

export const LISTING_SORTS = ['price-asc', 'price-desc', 'name'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/**
 * How a listing is shown besides its cards: `prices`, today's price table — every product of the
 * same filters and sort in one table, printable and downloadable (docs/behaviour.md, "Price tables").
 */
export const LISTING_VIEWS = ['prices'] as const;
export type ListingView = (typeof LISTING_VIEWS)[number];

export interface ListingState {
  /** attribute key → selected values, in the order first selected */
  filters: Record<string, string[]>;
  sort: ListingSort | null;
  /** Always 1 in the price table, which has no pages. */
  page: number;
  view: ListingView | null;
}

const RESERVED = new Set(['sort', 'page', 'view']);

/** The highest page number sent to the CMS (it takes six digits); any larger one is past the end. */
export const LAST_PAGE_ASKED = 100_000;

export function parseListingSearch(search: URLSearchParams, attributes: readonly string[]): ListingState {
  const filters: Record<string, string[]> = {};
  for (const attribute of attributes) {
    if (RESERVED.has(attribute)) continue;
    const values = [
      ...new Set(
        search
          .getAll(attribute)
          .map((value) => value.trim())
          .filter(Boolean),
      ),
    ];
    if (values.length) filters[attribute] = values;
  }
  const sort = search.get('sort');
  const view = (LISTING_VIEWS as readonly string[]).includes(search.get('view') ?? '')
    ? (search.get('view') as ListingView)
    : null;
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return {
    filters,
    sort: (LISTING_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ListingSort) : null,
    // Past any real list, and short enough for the CMS: a page beyond the last is a 404 page.
    page: view === null && Number.isFinite(page) && page > 1 ? Math.min(page, LAST_PAGE_ASKED) : 1,
    view,
  };
}

/** How many products a page of a listing shows: the CMS's page (deploy/cms/src/utils/catalogue-listing.js). */
export const LISTING_PAGE_SIZE = 24;

/**
 * Where the app server asks the CMS which filter values a sub-category's products have and how
 * many products a state lists (deploy/cms/src/api/page-state): a value no product has and a page
 * past the last are redirected before anything renders.
 */
export const LISTING_STATE_SOURCE = '/page-state/listing';

/**
 * What the price table of a category or group reads of its query (their tables are sorted, not
 * filtered: each sub-category's own table filters by its attributes): the view and the sort.
 */
export const PRICE_TABLE_PARAMETERS: readonly QueryParameter[] = [
  oneOfParameter('sort', LISTING_SORTS),
  oneOfParameter('view', LISTING_VIEWS),
];

/**
 * What a listing of these attributes reads of its query, with the rule of each: the filters (any
 * number of values each, by name; a number where the attribute is one; only values the CMS holds),
 * the sort, the page (24 products each) and the view. The page list declares it, so the app server
 * redirects any other spelling to the one `listingSearch` writes.
 */
export function listingParameters(attributes: readonly string[]): QueryParameter[] {
  const filters = [...new Set(attributes)].filter((attribute) => !RESERVED.has(attribute)).sort();
  return [
    ...filters.map((attribute) =>
      listParameter(attribute, { held: true, ...(numericAttributes.has(attribute) ? { type: 'number' } : {}) }),
    ),
    ...PRICE_TABLE_PARAMETERS,
    pageParameter('page', LISTING_PAGE_SIZE),
  ];
}

/** The query string of a state in its canonical spelling: page 1 and no sort are left out. */
export function listingSearch(state: ListingState, attributes: readonly string[]): string {
  const search = new URLSearchParams();
  for (const attribute of attributes)
    for (const value of state.filters[attribute] ?? []) search.append(attribute, value);
  if (state.sort) search.set('sort', state.sort);
  if (state.view) search.set('view', state.view);
  else search.set('page', String(state.page));
  return canonicalSearch(search, listingParameters(attributes));
}

/** Ticks or unticks one value; any filter change goes back to page 1. */
export function toggleFilter(state: ListingState, attribute: string, value: string): ListingState {
  const current = state.filters[attribute] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const filters = { ...state.filters, [attribute]: next };
  if (next.length === 0) delete filters[attribute];
  return { ...state, filters, page: 1 };
}

/** A sub-category's listing state from its page's URL: what the page's data and view both read. */
export const subcategoryListingState = (subcategory: Pick<Subcategory, 'attributes'>, url: Pick<PageUrl, 'search'>) =>
  parseListingSearch(url.search, subcategory.attributes);
