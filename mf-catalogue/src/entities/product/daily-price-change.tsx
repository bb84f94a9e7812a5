import { PRICE_DIRECTIONS, describePriceChange, formatChangePercent, priceChangeFrom } from '@steel/shared';
import type { DailyChange } from './listing-queries';

const COLOURS = { rising: 'text-green-700 dark:text-green-400', falling: 'text-red-700 dark:text-red-400' } as const;
const SINCE = 'نسبت به روز قبل';

/**
 * Change against the previous day: an arrow and colour for the eye (green ▲ up, red ▼ down, as
 * `@steel/shared`'s price-change module decides for every screen), and the same in words for
 * screen readers and for anyone who does not tell red from green.
 */
export function DailyPriceChange({ change: daily }: { change: DailyChange | null }) {
  const change = priceChangeFrom(daily);
  if (!change || change.direction === 'unchanged') {
    return (
      <span className="text-slate-500 dark:text-slate-400" data-change="none">
        <span aria-hidden="true">{PRICE_DIRECTIONS.unchanged.arrow}</span>
        <span className="sr-only">{describePriceChange(null, SINCE)}</span>
      </span>
    );
  }
  const description = describePriceChange(change, SINCE);
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap font-medium ${COLOURS[change.direction]}`}
      data-change={change.direction === 'rising' ? 'up' : 'down'}
      title={description}
    >
      <span aria-hidden="true">{PRICE_DIRECTIONS[change.direction].arrow}</span>
      <span aria-hidden="true">{formatChangePercent(change)}</span>
      <span className="sr-only">{description}</span>
    </span>
  );
}
