import type { PricePoint } from '../../lib/price-chart/price-series';
import type { ProductDetail } from '../../entities/product/product-queries';

/** The product's price history (rial per unit) as chart points; empty when the CMS has none. */
export function priceHistoryPoints(history: ProductDetail['price_history']): PricePoint[] {
  return Array.isArray(history) ? history.map(({ date, price }) => ({ date, value: Number(price) })) : [];
}

/**
 * The day the shown price is from: the last day of its history (the price is the history's last
 * value), else the product's last edit.
 */
export function priceDate(product: Pick<ProductDetail, 'price_history' | 'updatedAt'>): string {
  const days = priceHistoryPoints(product.price_history)
    .map((point) => point.date)
    .sort();
  return days[days.length - 1] ?? product.updatedAt;
}
