import { useState } from 'react';
import { useIsFetching, useSuspenseQuery } from '@tanstack/react-query';
import { PageHeader, Pagination, formatNumber, useShell, type PageUrl } from '@steel/shared';
import type { Category, CategoryGroup, Subcategory } from '../../entities/category/category-tree';
import { subcategoryPath, trailTo } from '../../entities/category/breadcrumbs';
import { subcategoryListingQuery } from '../../entities/product/listing-queries';
import { ProductListing } from '../../entities/product/listing/product-listing';
import { EmptyListing, ListingFilters, SortSelect } from '../../entities/product/listing/listing-controls';
import { PriceTableLink } from '../../entities/product/listing/price-table-link';
import {
  listingSearch,
  subcategoryListingState,
  toggleFilter,
  type ListingState,
} from '../../entities/product/listing/listing-url';

/**
 * A sub-category: its products from the CMS with filters, sort and pages — all in the URL query.
 * A change navigates to the new query; the router renders it in a transition, so the current
 * list stays on screen (marked busy) until the next one has arrived.
 */
export function SubcategoryPage({
  category,
  group,
  subcategory,
  url,
}: {
  category: Category;
  group: CategoryGroup | null;
  subcategory: Subcategory;
  url: PageUrl;
}) {
  const { api, navigate } = useShell();
  const path = subcategoryPath({ category, group, subcategory });
  const state = subcategoryListingState(subcategory, url);
  const { data: listing } = useSuspenseQuery(subcategoryListingQuery(api, path, state));
  // The CMS says which filters it applied (unknown ones are dropped); the view follows it.
  const shown: ListingState = { filters: listing.filters, sort: listing.sort, page: listing.page, view: null };
  // What the buyer just asked for: the controls show it at once while the current list stays
  // until the new one arrives (the router renders the new URL in a transition).
  // A new list ends the request it answers.
  const [request, setRequest] = useState<{ state: ListingState; over: typeof listing } | null>(null);
  const requested = request?.over === listing ? request.state : null;
  const controls = requested ?? shown;
  const waiting =
    requested !== null &&
    listingSearch(requested, subcategory.attributes) !== listingSearch(shown, subcategory.attributes);
  const busy = useIsFetching({ queryKey: ['products', 'listing'] }) > 0 || waiting;
  const go = (next: ListingState) => {
    setRequest({ state: next, over: listing });
    navigate(`${path}${listingSearch(next, subcategory.attributes)}`);
  };
  const hasFilters = Object.keys(controls.filters).length > 0;

  return (
    <section>
      <PageHeader
        title={subcategory.titleFa}
        breadcrumb={[...trailTo(category, group), { label: subcategory.titleFa }]}
      >
        <p className="text-slate-600 dark:text-slate-300">{subcategory.descriptionFa}</p>
      </PageHeader>
      <div className="grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
        {/* Closed on phones, open from md (styles.css); browsers without ::details-content keep the toggle. */}
        <details className="listing-filters self-start rounded-lg border border-slate-200 p-3 md:border-0 md:p-0 dark:border-slate-700">
          <summary className="min-h-11 cursor-pointer content-center font-semibold">
            فیلترها{hasFilters && ` (${formatNumber(Object.values(controls.filters).flat().length)})`}
          </summary>
          <h2 className="mb-3 hidden font-semibold md:block">فیلترها</h2>
          <ListingFilters
            facets={listing.facets}
            selected={controls.filters}
            sort={controls.sort}
            hasFilters={hasFilters}
            onToggle={(attribute, value) => go(toggleFilter(controls, attribute, value))}
            onClear={() => go({ ...controls, filters: {}, page: 1 })}
          />
        </details>
        <div className="min-w-0" aria-busy={busy}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <PriceTableLink
              href={`${path}${listingSearch({ ...shown, page: 1, view: 'prices' }, subcategory.attributes)}`}
            />
            <p className="text-sm text-slate-600 dark:text-slate-300" role="status" aria-live="polite">
              {busy
                ? 'در حال به‌روزرسانی فهرست…'
                : `${formatNumber(listing.total)} محصول · قیمت‌ها نمایشی (تقریبی) هستند`}
            </p>
            <SortSelect sort={controls.sort} onChange={(sort) => go({ ...controls, sort, page: 1 })} />
          </div>
          <div className={busy ? 'opacity-60 transition-opacity' : undefined}>
            {listing.total === 0 ? (
              <EmptyListing />
            ) : (
              <ProductListing
                products={listing.products}
                productHref={(product) => `${path}/${product.slug}`}
                attributes={subcategory.attributes}
                cardHeadingLevel={2}
              />
            )}
          </div>
          <Pagination
            page={listing.page}
            pageCount={listing.pageCount}
            hrefOf={(page) => `${path}${listingSearch({ ...shown, page }, subcategory.attributes)}`}
            label="صفحه‌های فهرست محصولات"
          />
        </div>
      </div>
    </section>
  );
}
