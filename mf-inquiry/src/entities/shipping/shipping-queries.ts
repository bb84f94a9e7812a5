import { queryOptions } from '@tanstack/react-query';
import { useLimitedQuery, useShell, type ContentClient, type ShippingRoute, type StrapiList } from '@steel/shared';

/** A city of the shipping rules (the CMS's `shipping-cities`): where steel is carried from or to. */
export interface ShippingCity {
  documentId: string;
  slug: string;
  name: string;
  province_slug: string;
  province_name: string;
  /** Offered as an origin by the calculator. */
  is_origin: boolean | null;
  /** Where an inquiry's goods leave from. */
  inquiry_origin: boolean | null;
}

export type ShippingRouteRecord = ShippingRoute & { documentId: string };

/** Every city of the rules in the editors' order (31 of them: one page). Public, so the key is the collection's. */
export function shippingCitiesQuery(api: ContentClient) {
  return queryOptions({
    queryKey: ['shipping-cities', 'all'],
    queryFn: async ({ signal }) => {
      const list: StrapiList<ShippingCity> = await api.find<ShippingCity>(
        'shipping-cities',
        { sort: ['sort_order:asc', 'name:asc'], pagination: { page: 1, pageSize: 100 } },
        { signal },
      );
      return list.data;
    },
    staleTime: 10 * 60_000,
  });
}

/** The route from one city to another with its tonnage tiers (the CMS answers them with it); null when there is none. */
export function shippingRouteQuery(api: ContentClient, origin: string, destination: string) {
  return queryOptions({
    queryKey: ['shipping-routes', origin, destination],
    queryFn: async ({ signal }) => {
      const list: StrapiList<ShippingRouteRecord> = await api.find<ShippingRouteRecord>(
        'shipping-routes',
        {
          filters: { origin_slug: { $eq: origin }, destination_slug: { $eq: destination } },
          sort: ['id:asc'],
          pagination: { page: 1, pageSize: 1 },
        },
        { signal },
      );
      return list.data[0] ?? null;
    },
    staleTime: 10 * 60_000,
  });
}

export function useShippingCities() {
  const { api } = useShell();
  return useLimitedQuery(shippingCitiesQuery(api));
}

/** The route to `destination` once both ends are known; idle until then. */
export function useShippingRoute(origin: string | undefined, destination: string | undefined) {
  const { api } = useShell();
  return useLimitedQuery({
    ...shippingRouteQuery(api, origin ?? '', destination ?? ''),
    enabled: Boolean(origin && destination),
  });
}
