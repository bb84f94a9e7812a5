/** A change against the previous day, as the CMS's catalogue views answer it. */
export interface DailyChange {
  /** The previous day's price, rial. */
  previous: number;
  /** Today's minus the previous day's, rial. */
  delta: number;
  /** Of the previous day's price, to two decimals. */
  percent: number;
}
export declare function dailyChange(product: {
  price_history?: ReadonlyArray<{ price: number | string }> | null;
  price: number | string | null | undefined;
}): DailyChange | null;
