import { textParameter } from '@steel/contract';
import { SHIPPING_TONNES, readTypedNumber } from '@steel/shared';
import type { ShippingCity } from '../../entities/shipping/shipping-queries';

/** The calculator's address, title and query: origin and destination city (slugs) and the tonnage as typed. */
export const SHIPPING_PRICE_PATH = '/inquiry/shipping-price';
export const SHIPPING_PRICE_TITLE = 'محاسبهٔ هزینهٔ حمل آهن‌آلات';
// The tonnage stays as typed («۱۲٫۵» too): the kit's reader says in Persian what is wrong with it.
export const SHIPPING_PRICE_QUERY = [
  textParameter('from', { maxLength: 60 }),
  textParameter('to', { maxLength: 60 }),
  textParameter('tonnes', { maxLength: 30 }),
];

/** What a visitor asked for, read against the cities: the cities found, the tonnes, and what is wrong in Persian. */
export interface ShippingPriceRequest {
  /** Whether anything was asked (a bare page shows the form and no errors). */
  asked: boolean;
  origin: ShippingCity | null;
  destination: ShippingCity | null;
  tonnesText: string;
  tonnes: number | null;
  errors: { from?: string; to?: string; tonnes?: string };
}

export const originCities = (cities: readonly ShippingCity[]) => cities.filter((city) => city.is_origin);

export function readShippingPriceRequest(
  search: URLSearchParams,
  cities: readonly ShippingCity[],
): ShippingPriceRequest {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const tonnesText = search.get('tonnes') ?? '';
  const asked = Boolean(from || to || tonnesText);
  const origin = originCities(cities).find((city) => city.slug === from) ?? null;
  const destination = cities.find((city) => city.slug === to) ?? null;
  const reading = readTypedNumber(tonnesText, SHIPPING_TONNES);
  const errors: ShippingPriceRequest['errors'] = {};
  if (asked && !origin) errors.from = 'شهر مبدأ را از فهرست انتخاب کنید.';
  if (asked && !destination) errors.to = 'شهر مقصد را از فهرست انتخاب کنید.';
  if (asked && reading.error) errors.tonnes = reading.error;
  return { asked, origin, destination, tonnesText, tonnes: reading.value ?? null, errors };
}

/** The calculator's address for a request, its parameters in the page's declared order (its canonical URL). */
export function shippingPriceHref(request: { from: string; to: string; tonnes: string }): string {
  const params = new URLSearchParams();
  for (const name of ['from', 'to', 'tonnes'] as const) {
    const value = request[name].trim();
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query ? `${SHIPPING_PRICE_PATH}?${query}` : SHIPPING_PRICE_PATH;
}
