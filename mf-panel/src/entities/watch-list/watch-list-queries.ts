import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { addToWatchList, useLimitedQuery, useShell, type ContentClient, type SessionStore } from '@steel/shared';
import { panelKey } from '../../ui/owner-key';

export interface WatchedProduct {
  documentId: string;
  slug: string;
  name: string;
  price: number | string | null;
  sale_unit: string | null;
  illustrative: boolean | null;
}

export interface WatchListEntry {
  id: number;
  documentId: string;
  /** The product's price when it was added (set by the CMS). */
  added_price: number | string | null;
  createdAt: string;
  /** Null when the product has since been unpublished. */
  product: WatchedProduct | null;
}

/** The customer's whole watch list (it is short), most recently added first, with each product's current price. */
export function watchListQuery(api: ContentClient, session: SessionStore) {
  return queryOptions({
    queryKey: panelKey(session, 'watch-list'),
    queryFn: async ({ signal }) => {
      const list = await api.find<WatchListEntry>(
        'watch-list-entries',
        {
          sort: ['createdAt:desc', 'id:desc'],
          fields: ['added_price', 'createdAt'],
          populate: { product: { fields: ['slug', 'name', 'price', 'sale_unit', 'illustrative'] } },
          pagination: { page: 1, pageSize: 100 },
        },
        { signal },
      );
      return list.data;
    },
  });
}

export function useWatchList() {
  const { api, session } = useShell();
  return useLimitedQuery(watchListQuery(api, session));
}

/** Adds a product by its slug (the catalogue's «add to my products» link carries the slug). */
export function useAddToWatchList() {
  const { api, session } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (slug: string) => {
      const found = await api.find<WatchedProduct>('products', {
        filters: { slug: { $eq: slug } },
        fields: ['slug', 'name'],
        pagination: { page: 1, pageSize: 1 },
      });
      const product = found.data[0];
      if (!product) return { added: false as const, reason: 'unknown' as const };
      const addition = await addToWatchList(api, product.documentId);
      return { ...addition, product };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: panelKey(session, 'watch-list') }),
  });
}

export function useRemoveFromWatchList() {
  const { api, session } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => api.delete('watch-list-entries', documentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: panelKey(session, 'watch-list') }),
  });
}
