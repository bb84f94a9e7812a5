export type PriceDirection = 'rising' | 'falling' | 'unchanged';

export interface PriceChange {
  /** Current minus then, in rial. */
  amount: number;
  /** Relative to the price then, e.g. 2.5 for +2.5 %; rounded to one decimal. */
  percent: number;
  direction: PriceDirection;
}

/** Persian names of the directions (data/domain/persian-ui.md, "Catalogue, prices and ordering"). */
export const PRICE_DIRECTION_NAMES: Record<PriceDirection, string> = { rising: 'افزایشی', falling: 'کاهشی', unchanged: 'بدون تغییر' };

const toPrice = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * A watched product's price change since it was added to the list (`then` = the price when
 * added, which the CMS records). Null when either price is unknown («تماس بگیرید»).
 */
export function priceChangeSince(then: number | string | null | undefined, now: number | string | null | undefined): PriceChange | null {
  const before = toPrice(then);
  const after = toPrice(now);
  if (before === null || after === null) return null;
  const amount = after - before;
  const percent = Math.round((amount / before) * 1000) / 10;
  return { amount, percent, direction: amount > 0 ? 'rising' : amount < 0 ? 'falling' : 'unchanged' };
}
