/**
 * @jest-environment node
 */
import { filterOffers, filtersOf, weightedAveragePerDay, type ExchangeOffer } from './exchange-offer-queries';

const offer = (over: Partial<ExchangeOffer>): ExchangeOffer => ({
  documentId: 'x',
  offer_code: '1',
  offer_date: '2026-11-01',
  commodity: 'میلگرد ۱۴ A3',
  commodity_group: 'میلگرد',
  producer: 'ذوب آهن اصفهان',
  specification: null,
  contract_type: 'نقدی',
  delivery_place: null,
  delivery_date: null,
  offered_volume: 1000,
  demand: 1000,
  traded_volume: 1000,
  base_price: 300000,
  weighted_average_price: 310000,
  trade_status: 'traded',
  ...over,
});

describe('exchange offers', () => {
  it('filters by group, producer and date from the URL', () => {
    const offers = [
      offer({ offer_code: 'a' }),
      offer({ offer_code: 'b', commodity_group: 'شمش', producer: 'فولاد خوزستان' }),
      offer({ offer_code: 'c', offer_date: '2026-11-02' }),
    ];
    expect(filterOffers(offers, filtersOf(new URLSearchParams('group=میلگرد'))).map((o) => o.offer_code)).toEqual([
      'a',
      'c',
    ]);
    expect(
      filterOffers(offers, filtersOf(new URLSearchParams('producer=فولاد خوزستان'))).map((o) => o.offer_code),
    ).toEqual(['b']);
    expect(
      filterOffers(offers, filtersOf(new URLSearchParams('date=2026-11-02&group=میلگرد'))).map((o) => o.offer_code),
    ).toEqual(['c']);
  });

  it('averages a commodity per trading day weighted by traded volume, oldest first, skipping sessions without a trade', () => {
    const series = weightedAveragePerDay(
      [
        offer({ offer_date: '2026-11-02', weighted_average_price: 320000, traded_volume: 3000 }),
        offer({ offer_date: '2026-11-02', weighted_average_price: 300000, traded_volume: 1000 }),
        offer({ offer_date: '2026-11-01', weighted_average_price: '310000', traded_volume: '500' }),
        offer({
          offer_date: '2026-11-03',
          weighted_average_price: null,
          traded_volume: null,
          trade_status: 'scheduled',
        }),
        offer({ offer_date: '2026-11-01', commodity: 'شمش بلوم ۵SP', weighted_average_price: 290000 }),
      ],
      'میلگرد ۱۴ A3',
    );
    expect(series).toEqual([
      { date: '2026-11-01', price: 310000 },
      { date: '2026-11-02', price: 315000 },
    ]);
  });
});
