import { priceChangeSince } from './price-change';

describe('priceChangeSince', () => {
  it('gives the change in rial and percent since the product was added', () => {
    expect(priceChangeSince(340000, 345000)).toEqual({ amount: 5000, percent: 1.5, direction: 'rising' });
    expect(priceChangeSince('400000', '380000')).toEqual({ amount: -20000, percent: -5, direction: 'falling' });
    expect(priceChangeSince(345000, 345000)).toEqual({ amount: 0, percent: 0, direction: 'unchanged' });
  });

  it('has nothing to say when a price is unknown or zero («تماس بگیرید»)', () => {
    expect(priceChangeSince(null, 345000)).toBeNull();
    expect(priceChangeSince(345000, 0)).toBeNull();
    expect(priceChangeSince(undefined, '')).toBeNull();
  });
});
