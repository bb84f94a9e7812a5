import { queryOptions } from '@tanstack/react-query';
import type { ContentClient } from '@steel/shared';

export type TradeStatus = 'scheduled' | 'traded' | 'partly_traded' | 'no_trade';

/**
 * One exchange offer and, once its session is over, its trade result (data/domain/bourse.md, "An offer";
 * data/domain/bourse.md, "A trade result").
 */
export interface ExchangeOffer {
  documentId: string;
  offer_code: string;
  /** ISO date of the session. */
  offer_date: string;
  commodity: string;
  commodity_group: string | null;
  producer: string | null;
  specification: string | null;
  contract_type: string | null;
  delivery_place: string | null;
  delivery_date: string | null;
  /** Tonnes. */
  offered_volume: number | string | null;
  demand: number | string | null;
  traded_volume: number | string | null;
  /** Rial per kg. */
  base_price: number | string | null;
  weighted_average_price: number | string | null;
  trade_status: TradeStatus;
}

const FIELDS = [
  'offer_code',
  'offer_date',
  'commodity',
  'commodity_group',
  'producer',
  'specification',
  'contract_type',
  'delivery_place',
  'delivery_date',
  'offered_volume',
  'demand',
  'traded_volume',
  'base_price',
  'weighted_average_price',
  'trade_status',
];

/** The latest sessions' offers (about a month: four offers a trading day), newest first. */
export const recentOffersQuery = (api: ContentClient) =>
  queryOptions({
    queryKey: ['exchange-offers', 'recent'],
    queryFn: async ({ signal }) =>
      (
        await api.find<ExchangeOffer>(
          'exchange-offers',
          { fields: FIELDS, sort: ['offer_date:desc', 'offer_code:asc'], pagination: { page: 1, pageSize: 100 } },
          { signal },
        )
      ).data,
  });

export interface OfferFilters {
  group: string;
  producer: string;
  date: string;
}

/** `?group=`, `?producer=` and `?date=` (ISO) of the page's URL. */
export const filtersOf = (search: URLSearchParams): OfferFilters => ({
  group: search.get('group') ?? '',
  producer: search.get('producer') ?? '',
  date: search.get('date') ?? '',
});

export function filterOffers(offers: ExchangeOffer[], filters: OfferFilters): ExchangeOffer[] {
  return offers.filter(
    (offer) =>
      (!filters.group || offer.commodity_group === filters.group) &&
      (!filters.producer || offer.producer === filters.producer) &&
      (!filters.date || offer.offer_date === filters.date),
  );
}

/** The weighted-average price of a commodity per trading day, oldest first (the chart's series). */
export function weightedAveragePerDay(
  offers: ExchangeOffer[],
  commodity: string,
): Array<{ date: string; price: number }> {
  const byDay = new Map<string, { value: number; volume: number }>();
  for (const offer of offers) {
    const price = Number(offer.weighted_average_price);
    const volume = Number(offer.traded_volume);
    if (offer.commodity !== commodity || !(price > 0) || !(volume > 0)) continue;
    const day = byDay.get(offer.offer_date) ?? { value: 0, volume: 0 };
    day.value += price * volume;
    day.volume += volume;
    byDay.set(offer.offer_date, day);
  }
  return [...byDay.entries()]
    .map(([date, day]) => ({ date, price: Math.round(day.value / day.volume) }))
    .sort((a, b) => a.date.localeCompare(b.date));
}
