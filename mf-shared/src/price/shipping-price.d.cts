type Amount = number | string | null | undefined;

/** A route as the CMS's `shipping-routes` answers it (with its tiers). */
export interface ShippingRoute {
  origin_slug: string;
  destination_slug: string;
  distance_km: number | string;
  tiers?: ReadonlyArray<{ min_tonnes: Amount; rate_per_tonne: Amount }> | null;
}
export interface ShippingTier {
  minTonnes: number;
  /** Where the next tier starts; null for the last. */
  maxTonnes: number | null;
}
export interface ShippingPrice {
  tonnes: number;
  distanceKm: number;
  ratePerTonne: number;
  tier: ShippingTier;
  total: number;
}
/** A route's tiers as numbers, lowest first. */
export declare function routeTiers(
  route: ShippingRoute | null | undefined,
): Array<{ minTonnes: number; ratePerTonne: number }>;
/** The price of carrying `tonnes` on `route` with its basis; null when no tier holds that tonnage. */
export declare function shippingPrice(route: ShippingRoute | null | undefined, tonnes: number): ShippingPrice | null;
/** The route from `origin` to `destination` (city slugs) among `routes`. */
export declare function findRoute<Route extends ShippingRoute>(
  routes: readonly Route[] | null | undefined,
  origin: string,
  destination: string,
): Route | null;
