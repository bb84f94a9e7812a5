import fs from 'node:fs';
import path from 'node:path';
import { findRoute, routeTiers, shippingPrice, type ShippingRoute } from './shipping-price.cjs';

// Tiers as the CMS answers them: strings for decimals and big integers, in an editor's order.
const route: ShippingRoute = {
  origin_slug: 'isfahan',
  destination_slug: 'tehran',
  distance_km: 440,
  tiers: [
    { min_tonnes: '22', rate_per_tonne: '7300000' },
    { min_tonnes: '0', rate_per_tonne: '9200000' },
    { min_tonnes: '10', rate_per_tonne: '8200000' },
  ],
};

describe('shippingPrice: the route’s rate for the tonnage’s tier × the tonnes', () => {
  it('takes the tier with the largest start not above the tonnage, and says where it ends', () => {
    expect(shippingPrice(route, 2.5)).toEqual({
      tonnes: 2.5,
      distanceKm: 440,
      ratePerTonne: 9_200_000,
      tier: { minTonnes: 0, maxTonnes: 10 },
      total: 23_000_000,
    });
    expect(shippingPrice(route, 10)).toMatchObject({ ratePerTonne: 8_200_000, tier: { minTonnes: 10, maxTonnes: 22 } });
    expect(shippingPrice(route, 21.999)?.ratePerTonne).toBe(8_200_000);
    expect(shippingPrice(route, 30)).toMatchObject({
      ratePerTonne: 7_300_000,
      tier: { minTonnes: 22, maxTonnes: null },
      total: 219_000_000,
    });
  });

  it('rounds the total to the rial', () => {
    expect(shippingPrice(route, 0.001)?.total).toBe(9_200);
    expect(shippingPrice({ ...route, tiers: [{ min_tonnes: 0, rate_per_tonne: 3 }] }, 0.5)?.total).toBe(2);
  });

  it('has no price for nothing to carry, no route, or a tonnage below every tier', () => {
    expect(shippingPrice(route, 0)).toBeNull();
    expect(shippingPrice(route, -1)).toBeNull();
    expect(shippingPrice(null, 5)).toBeNull();
    expect(shippingPrice({ ...route, tiers: [{ min_tonnes: 5, rate_per_tonne: 1 }] }, 4)).toBeNull();
    expect(shippingPrice({ ...route, tiers: [] }, 4)).toBeNull();
  });

  it('leaves out a tier without a usable figure', () => {
    expect(
      routeTiers({
        ...route,
        tiers: [
          { min_tonnes: 0, rate_per_tonne: null },
          { min_tonnes: 'x', rate_per_tonne: 1 },
        ],
      }),
    ).toEqual([]);
  });
});

describe('the seeded rules (data/domain/shipping-routes.json)', () => {
  const seeded = JSON.parse(
    fs.readFileSync(path.resolve(__dirname, '../../../data/domain/shipping-routes.json'), 'utf8'),
  ) as { cities: Array<{ slug: string; is_origin: boolean }>; routes: ShippingRoute[]; inquiry_origin_slug: string };

  it('price every city from every origin, from the first tonne, and from the inquiry’s origin', () => {
    const origins = seeded.cities.filter((city) => city.is_origin).map((city) => city.slug);
    expect(origins).toContain(seeded.inquiry_origin_slug);
    for (const origin of origins)
      for (const city of seeded.cities) {
        const found = findRoute(seeded.routes, origin, city.slug);
        expect(found && shippingPrice(found, 0.001)).not.toBeNull();
      }
  });

  it('finds a route by its two ends, and none the other way round unless listed', () => {
    expect(findRoute(seeded.routes, 'isfahan', 'shiraz')?.destination_slug).toBe('shiraz');
    expect(findRoute(seeded.routes, 'shiraz', 'isfahan')).toBeNull();
  });
});
