import { DailyPriceChange } from './daily-price-change';
import { PriceText } from './price-text';
import type { DailyChange } from './listing-queries';

/**
 * A product row's two price cells, the same in every product table (the home page's price board,
 * the sub-category and factory listings): today's price in toman per unit, and its change against
 * the previous day. `data-price-rial` carries the raw price for tests and scripts.
 */
export function PriceCells({
  product,
  className,
}: {
  product: { price: number | null; unit: string; change: DailyChange | null };
  className: { price: string; change: string };
}) {
  return (
    <>
      <td className={`${className.price} whitespace-nowrap`} data-price-rial={product.price ?? ''}>
        <PriceText rial={product.price} unit={product.unit} />
      </td>
      <td className={className.change}>
        <DailyPriceChange change={product.change} />
      </td>
    </>
  );
}
