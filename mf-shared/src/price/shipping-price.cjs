'use strict';

/**
 * THE shipping rule (data/domain/shipping-routes.json): carriage from an origin city to a
 * destination city is the route's rate per tonne for the tonnage's tier × the tonnes, to the rial.
 * A route's tiers each hold from their `min_tonnes` up to the next tier's; the tier is the one with
 * the largest `min_tonnes` not above the tonnage. The public calculator (`/inquiry/shipping-price`)
 * shows it with its basis, the inquiry's basket shows it as the buyer picks a city, and the CMS
 * writes a sent inquiry's `shipping_estimate` with it: plain CommonJS, so the CMS runs this file.
 */

// A figure as the CMS answers it (a decimal or big integer comes as a string); null when there is none.
const amount = (value) => (value === null || value === undefined || value === '' ? null : Number(value));

/** A route's tiers as numbers, lowest first; a tier without a usable figure is left out. */
function routeTiers(route) {
  return (route?.tiers ?? [])
    .map((tier) => ({ minTonnes: amount(tier.min_tonnes), ratePerTonne: amount(tier.rate_per_tonne) }))
    .filter((tier) => Number.isFinite(tier.minTonnes) && Number.isFinite(tier.ratePerTonne) && tier.ratePerTonne >= 0)
    .sort((a, b) => a.minTonnes - b.minTonnes);
}

/**
 * The price of carrying `tonnes` on `route`, with its basis: `{ tonnes, distanceKm, ratePerTonne,
 * tier: { minTonnes, maxTonnes }, total }` (`maxTonnes` null for the last tier: no upper end). Null
 * when no tier holds that tonnage (none starts at or below it) or the tonnage is not above zero.
 */
function shippingPrice(route, tonnes) {
  const amount = Number(tonnes);
  if (!route || !(amount > 0)) return null;
  const tiers = routeTiers(route);
  let index = -1;
  for (const [i, tier] of tiers.entries()) if (tier.minTonnes <= amount) index = i;
  if (index === -1) return null;
  const tier = tiers[index];
  const next = tiers[index + 1];
  return {
    tonnes: amount,
    distanceKm: Number(route.distance_km),
    ratePerTonne: tier.ratePerTonne,
    tier: { minTonnes: tier.minTonnes, maxTonnes: next ? next.minTonnes : null },
    total: Math.round(amount * tier.ratePerTonne),
  };
}

/** The route from `origin` to `destination` (city slugs) among `routes`; the first listed when an editor made two. */
const findRoute = (routes, origin, destination) =>
  (routes ?? []).find((route) => route.origin_slug === origin && route.destination_slug === destination) ?? null;

module.exports = { findRoute, routeTiers, shippingPrice };
