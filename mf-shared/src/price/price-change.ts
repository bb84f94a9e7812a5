import { formatNumber, formatToman } from '@steel/shared/remote-core';

/**
 * What a price movement means, the same on every screen: a rise is green ▲ «افزایش», a fall red ▼
 * «کاهش» — the Iranian steel market's own convention (a rising price is good news for the seller
 * quoting it, and price boards colour it so). The catalogue's daily change and the panel's
 * watch-list change since a product was added both go through here, and both are shown by the
 * UI kit's one `PriceChangeIndicator` (ui/price-change-indicator.tsx).
 */
export type PriceDirection = 'rising' | 'falling' | 'unchanged';

export interface PriceChange {
  /** Current minus then, in rial (what the CMS holds). */
  amount: number;
  /** Relative to the price then, e.g. 2.5 for +2.5 %; rounded to one decimal. */
  percent: number;
  direction: PriceDirection;
}

/** Arrow and Persian word of each direction; the word carries the meaning, colour only hints. */
export const PRICE_DIRECTIONS: Record<PriceDirection, { arrow: string; word: string }> = {
  rising: { arrow: '▲', word: 'افزایش' },
  falling: { arrow: '▼', word: 'کاهش' },
  unchanged: { arrow: '—', word: 'بدون تغییر' },
};

const toPrice = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

const directionOf = (amount: number): PriceDirection => (amount > 0 ? 'rising' : amount < 0 ? 'falling' : 'unchanged');

/** From a price then to a price now (rial). Null when either is unknown or zero («تماس بگیرید»). */
export function priceChangeBetween(
  then: number | string | null | undefined,
  now: number | string | null | undefined,
): PriceChange | null {
  const before = toPrice(then);
  const after = toPrice(now);
  if (before === null || after === null) return null;
  const amount = after - before;
  return { amount, percent: Math.round((amount / before) * 1000) / 10, direction: directionOf(amount) };
}

/** A change the CMS already computed (`{ delta, percent }` against the previous day: `dailyChange`). */
export function priceChangeFrom(change: { delta: number; percent: number } | null | undefined): PriceChange | null {
  if (!change) return null;
  return { amount: change.delta, percent: change.percent, direction: directionOf(change.delta) };
}

/** «۱٫۵٪»: the size of the change, unsigned (the word or arrow carries the sign, so nothing reorders in RTL). */
export const formatChangePercent = (change: PriceChange) => `${formatNumber(Math.abs(change.percent))}٪`;

/**
 * The change in words, for screen readers and anyone who does not tell red from green:
 * «افزایش ۱٫۵٪ (۵۰۰ تومان) نسبت به روز قبل»; `since` names the reference point.
 */
export function describePriceChange(change: PriceChange | null, since: string): string {
  if (!change || change.direction === 'unchanged') return `${PRICE_DIRECTIONS.unchanged.word} ${since}`;
  return `${PRICE_DIRECTIONS[change.direction].word} ${formatChangePercent(change)} (${formatToman(Math.abs(change.amount))}) ${since}`;
}
