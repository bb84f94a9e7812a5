import { queryOptions } from '@tanstack/react-query';
import type { ContentClient } from '@steel/shared';
import { cmsPath } from '../../entities/product/product-queries';
import type { SubcategoryListing } from '../../entities/product/listing-queries';
import type { ListingState } from '../../entities/product/listing/listing-url';
import type { PriceTableProduct } from './price-table-rows';

export type PriceTable = Omit<SubcategoryListing, 'products'> & { products: PriceTableProduct[] };

/**
 * Every product of a category, group or sub-category with today's price, the listing's filters and
 * sort applied (deploy/cms/src/api/catalogue, `price-table`). Its key starts with `products`, so a
 * price the CMS records turns the cached page stale like every listing.
 */
export const priceTableQuery = (api: ContentClient, treePath: string, state: Pick<ListingState, 'filters' | 'sort'>) =>
  queryOptions({
    queryKey: ['products', 'price-table', cmsPath(treePath), state.filters, state.sort],
    queryFn: ({ signal }) =>
      api.request<PriceTable>('/catalogue/price-table', {
        query: { path: cmsPath(treePath), f: state.filters, sort: state.sort ?? undefined },
        signal,
      }),
  });
