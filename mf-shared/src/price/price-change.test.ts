import {
  PRICE_DIRECTIONS,
  describePriceChange,
  formatChangePercent,
  priceChangeBetween,
  priceChangeFrom,
} from './price-change';

describe('price change', () => {
  it('gives the change in rial and percent between two prices', () => {
    expect(priceChangeBetween(340000, 345000)).toEqual({ amount: 5000, percent: 1.5, direction: 'rising' });
    expect(priceChangeBetween('400000', '380000')).toEqual({ amount: -20000, percent: -5, direction: 'falling' });
    expect(priceChangeBetween(345000, 345000)).toEqual({ amount: 0, percent: 0, direction: 'unchanged' });
  });

  it('has nothing to say when a price is unknown or zero («تماس بگیرید»)', () => {
    expect(priceChangeBetween(null, 345000)).toBeNull();
    expect(priceChangeBetween(345000, 0)).toBeNull();
    expect(priceChangeBetween(undefined, '')).toBeNull();
    expect(priceChangeFrom(null)).toBeNull();
  });

  it('takes a change the CMS computed as it is', () => {
    expect(priceChangeFrom({ delta: -2000, percent: -0.6 })).toEqual({
      amount: -2000,
      percent: -0.6,
      direction: 'falling',
    });
    expect(priceChangeFrom({ delta: 0, percent: 0 })?.direction).toBe('unchanged');
  });

  it('marks a rise ▲ «افزایش» and a fall ▼ «کاهش», everywhere', () => {
    expect(PRICE_DIRECTIONS.rising).toEqual({ arrow: '▲', word: 'افزایش' });
    expect(PRICE_DIRECTIONS.falling).toEqual({ arrow: '▼', word: 'کاهش' });
    expect(PRICE_DIRECTIONS.unchanged).toEqual({ arrow: '—', word: 'بدون تغییر' });
  });

  it('tells the change in words, in toman', () => {
    const rise = priceChangeBetween(340000, 345000)!;
    expect(formatChangePercent(rise)).toBe('۱٫۵٪');
    expect(describePriceChange(rise, 'نسبت به روز قبل')).toBe('افزایش ۱٫۵٪ (۵۰۰ تومان) نسبت به روز قبل');
    expect(describePriceChange(priceChangeBetween(400000, 380000), 'از زمان افزودن')).toBe(
      'کاهش ۵٪ (۲٬۰۰۰ تومان) از زمان افزودن',
    );
    expect(describePriceChange(null, 'نسبت به روز قبل')).toBe('بدون تغییر نسبت به روز قبل');
  });
});
