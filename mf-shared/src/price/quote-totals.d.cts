type Amount = number | string | null | undefined;

export interface QuotedLine {
  quantity: number | string | null | undefined;
  quoted_unit_price?: Amount;
}
export interface QuoteTotals {
  lines: number;
  shipping: number;
  taxRatePercent: number;
  tax: number;
  total: number;
}
/** A quoted line's total in rial; null while the line has no quoted price. */
export declare function quotedLineTotal(line: QuotedLine): number | null;
/** A quote's totals in rial; null until every line is priced. */
export declare function quoteTotals(quote: {
  lines?: readonly QuotedLine[] | null;
  quoted_shipping?: Amount;
  tax_rate_percent?: Amount;
}): QuoteTotals | null;
