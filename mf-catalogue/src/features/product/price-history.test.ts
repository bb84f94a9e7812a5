import { priceDate, priceHistoryPoints } from './price-history';

describe('product price history', () => {
  it('maps the CMS history to chart points in rial (the CMS may send a price as text)', () => {
    const history = [
      { date: '2026-11-22', price: 420000 },
      { date: '2026-11-23', price: '425000' as unknown as number },
    ];
    expect(priceHistoryPoints(history)).toEqual([
      { date: '2026-11-22', value: 420000 },
      { date: '2026-11-23', value: 425000 },
    ]);
    expect(priceHistoryPoints(null)).toEqual([]);
  });

  it("dates the price by the history's last day, else by the product's last edit", () => {
    expect(
      priceDate({
        updatedAt: '2026-01-01T00:00:00Z',
        price_history: [
          { date: '2026-11-23', price: 1 },
          { date: '2026-11-21', price: 2 },
        ],
      }),
    ).toBe('2026-11-23');
    expect(priceDate({ updatedAt: '2026-01-01T00:00:00Z', price_history: null })).toBe('2026-01-01T00:00:00Z');
  });
});
