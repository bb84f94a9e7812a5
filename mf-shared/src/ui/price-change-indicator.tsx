import { PRICE_DIRECTIONS, describePriceChange, formatChangePercent, type PriceChange } from '../price/price-change';
import { formatToman } from '@steel/shared/remote-core';

// Text colours only (no pill): green rises, red falls, as `price/price-change.ts` decides; both pass
// 4.5:1 on the light and the dark page.
const COLOURS = {
  rising: 'text-green-700 dark:text-green-400',
  falling: 'text-red-700 dark:text-red-400',
  unchanged: 'text-slate-500 dark:text-slate-400',
} as const;
const MARKS = { rising: 'up', falling: 'down', unchanged: 'none' } as const;

/**
 * THE rendering of a price change on every screen (the catalogue's daily change, the panel's change
 * since a product was watched): arrow and colour for the eye (green ▲, red ▼, grey — for none),
 * the unsigned percent (and amount) beside it, and the whole change in Persian words for screen
 * readers and anyone who does not tell red from green. The visible parts are hidden from screen
 * readers, so what they read is exactly the sentence. `since` names the reference point
 * («نسبت به روز قبل»); `withAmount` adds the toman amount, `sinceVisible` shows `since` too.
 * Unsigned figures keep the order of the parts the same in RTL.
 */
export function PriceChangeIndicator({
  change,
  since,
  withAmount = false,
  sinceVisible = false,
}: {
  /** Null when the change is unknown: shown as no change. */
  change: PriceChange | null;
  since: string;
  withAmount?: boolean;
  sinceVisible?: boolean;
}) {
  const direction = change?.direction ?? 'unchanged';
  const description = describePriceChange(change, since);
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap font-medium ${COLOURS[direction]}`}
      data-change={MARKS[direction]}
      data-testid="price-change"
      title={description}
    >
      <span aria-hidden="true">{PRICE_DIRECTIONS[direction].arrow}</span>
      {change && direction !== 'unchanged' && (
        <span aria-hidden="true">
          {formatChangePercent(change)}
          {withAmount && ` (${formatToman(Math.abs(change.amount))})`}
        </span>
      )}
      {sinceVisible && (
        <span aria-hidden="true" className="text-xs font-normal text-slate-600 dark:text-slate-400">
          {since}
        </span>
      )}
      <span className="sr-only">{description}</span>
    </span>
  );
}
