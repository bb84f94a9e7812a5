/**
 * The catalogue views the CMS computes (deploy/cms/src/api/catalogue): one sub-category's page of
 * products with facet counts, a category's per-sub-category counts and lowest prices, and the
 * home page's price board. One request per page; the browser never downloads a whole
 * sub-category to filter it. Keys start with `products` so a product change drops cached pages.
 */
import { queryOptions } from '@tanstack/react-query';
import type { CmsImage, ContentClient, DailyChange } from '@steel/shared';
import { cmsPath } from './product-queries';
import type { ListingSort, ListingState } from './listing/listing-url';

/** Price now against the previous day, from the product's price history. */
/** The change against the previous day the CMS computes for each listed product (the kit's rule). */
export type { DailyChange };

export interface ListedProduct {
  documentId: string;
  slug: string;
  name: string;
  unit: string;
  sale_unit: string | null;
  /** Rial per `unit`; null = «call us». */
  price: number | null;
  illustrative: boolean;
  producer_name: string | null;
  producer: { slug: string; name: string } | null;
  attributes: Record<string, string | number | null>;
  updatedAt: string;
  change: DailyChange | null;
  /** The product's first image (the seed generates one for every product). */
  image: CmsImage | null;
}

export interface Facet {
  attribute: string;
  values: Array<{ value: string; count: number; selected: boolean }>;
}

export interface SubcategoryListing {
  products: ListedProduct[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  sort: ListingSort | null;
  /** The filters the CMS applied: unknown attributes and values are dropped. */
  filters: Record<string, string[]>;
  facets: Facet[];
}

export const subcategoryListingQuery = (api: ContentClient, subcategoryPath: string, state: ListingState) =>
  queryOptions({
    queryKey: ['products', 'listing', cmsPath(subcategoryPath), state],
    queryFn: ({ signal }) =>
      api.request<SubcategoryListing>('/catalogue/listing', {
        query: {
          path: cmsPath(subcategoryPath),
          f: state.filters,
          sort: state.sort ?? undefined,
          page: state.page > 1 ? state.page : undefined,
        },
        signal,
      }),
  });

export interface SubcategoryFigures {
  /** As the CMS keeps it: `sheet/coldplate/oiled-sheet`. */
  path: string;
  count: number;
  minPrice: number | null;
}

export const categoryOverviewQuery = (api: ContentClient, categorySlug: string) =>
  queryOptions({
    queryKey: ['products', 'overview', categorySlug],
    queryFn: ({ signal }) =>
      api.request<{ subcategories: SubcategoryFigures[] }>('/catalogue/overview', {
        query: { category: categorySlug },
        signal,
      }),
  });

export interface PriceBoardCategory {
  slug: string;
  title: string;
  image: CmsImage | null;
  products: Array<Omit<ListedProduct, 'attributes' | 'producer'> & { sub_category: { path: string } | null }>;
}

export const PRICE_BOARD_PER_CATEGORY = 3;

export const priceBoardQuery = (api: ContentClient) =>
  queryOptions({
    queryKey: ['products', 'price-board', PRICE_BOARD_PER_CATEGORY],
    queryFn: ({ signal }) =>
      api.request<{ categories: PriceBoardCategory[] }>('/catalogue/price-board', {
        query: { perCategory: PRICE_BOARD_PER_CATEGORY },
        signal,
      }),
  });

/** Figures of every sub-category under a tree path (a group or a whole category): count and lowest price. */
export function figuresUnder(
  figures: readonly SubcategoryFigures[],
  treePath: string,
): Omit<SubcategoryFigures, 'path'> {
  const prefix = `${cmsPath(treePath)}/`;
  const inside = figures.filter((entry) => `${entry.path}/`.startsWith(prefix));
  const prices = inside.map((entry) => entry.minPrice).filter((price): price is number => price !== null && price > 0);
  return {
    count: inside.reduce((sum, entry) => sum + entry.count, 0),
    minPrice: prices.length ? Math.min(...prices) : null,
  };
}
