import { formatPersianDate, rialToToman } from '@steel/shared';
import type { PricePoint } from '../../lib/price-chart/price-series';
import type { ProductDetail } from '../../entities/product/product-queries';
import type { ExportColumn } from '../../lib/table-export/table-export';

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

/**
 * The columns of a product's price history as a file (beside its chart): the day in the Persian
 * calendar and as the CMS holds it (`YYYY-MM-DD`, what a spreadsheet sorts by), and the price in
 * toman per unit — a number, the chart's own figures.
 */
export function priceHistoryColumns(unitFa: string): ExportColumn<PricePoint>[] {
  return [
    { header: 'تاریخ', value: (point) => formatPersianDate(point.date), width: 18 },
    { header: 'تاریخ میلادی', value: (point) => point.date, width: 14 },
    { header: `قیمت (تومان / ${unitFa})`, value: (point) => rialToToman(point.value), width: 20 },
  ];
}
