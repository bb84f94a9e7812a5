import type { BreadcrumbItem, PageUrl } from '@steel/shared';
import type { CatalogueLocation } from '../../entities/category/category-tree';
import { subcategoryPath, trailTo } from '../../entities/category/breadcrumbs';
import { parseListingSearch, type ListingState } from '../../entities/product/listing/listing-url';

/** What a price table shows: whose products, under which title and trail, by which of its query. */
export interface PriceTableAt {
  /** `/rebar/kalaf`, `/sheet/coldplate`, `/rebar`. */
  treePath: string;
  title: string;
  breadcrumb: BreadcrumbItem[];
  /** The attributes it filters by: a sub-category's; none for a category or group. */
  attributes: readonly string[];
  state: ListingState;
}

/**
 * The price table a tree URL asks for: `?view=prices` on a category, group or sub-category page
 * (the listing's own query: its filters and sort stay as they were, the canonical spelling is the
 * listing's); null for any other page of the tree.
 */
export function priceTableAt(location: CatalogueLocation | null, url: Pick<PageUrl, 'search'>): PriceTableAt | null {
  if (!location || location.kind === 'product') return null;
  const attributes = location.kind === 'subcategory' ? location.subcategory.attributes : [];
  const state = parseListingSearch(url.search, attributes);
  if (state.view !== 'prices') return null;
  if (location.kind === 'category') {
    const { category } = location;
    return {
      treePath: `/${category.slug}`,
      title: category.titleFa,
      breadcrumb: [{ label: category.titleFa, to: `/${category.slug}` }, { label: 'جدول قیمت' }],
      attributes,
      state,
    };
  }
  const node = location.kind === 'group' ? location.group : location.subcategory;
  const treePath =
    location.kind === 'group' ? `/${location.category.slug}/${location.group.slug}` : subcategoryPath(location);
  return {
    treePath,
    title: node.titleFa,
    breadcrumb: [
      ...trailTo(location.category, location.kind === 'group' ? null : location.group),
      { label: node.titleFa, to: treePath },
      { label: 'جدول قیمت' },
    ],
    attributes,
    state,
  };
}
