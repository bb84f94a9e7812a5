import { PriceChangeIndicator, priceChangeFrom } from '@steel/shared';
import type { DailyChange } from './listing-queries';

/**
 * Change against the previous day, as `@steel/shared`'s `PriceChangeIndicator` shows a price change
 * on every screen (green ▲, red ▼, the same in Persian words for screen readers).
 */
export function DailyPriceChange({ change }: { change: DailyChange | null }) {
  return <PriceChangeIndicator change={priceChangeFrom(change)} since="نسبت به روز قبل" />;
}
