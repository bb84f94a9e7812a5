import type { Amount, Inquiry, InquiryLine } from './inquiry';

const amount = (value: Amount | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** A quoted line's total in rial: quantity (sale units) × the quoted price per sale unit, to the rial. */
export function quotedLineTotal(line: Pick<InquiryLine, 'quantity' | 'quoted_unit_price'>): number | null {
  const price = amount(line.quoted_unit_price);
  const quantity = Number(line.quantity);
  return price === null || !Number.isFinite(quantity) ? null : Math.round(quantity * price);
}

export interface QuoteTotals {
  lines: number;
  shipping: number;
  taxRatePercent: number;
  tax: number;
  total: number;
}

/**
 * THE totals of a quote, for the inquiry's page and its pro-forma alike (the rule the CMS applies
 * when the quote becomes an order): lines = Σ quantity × quoted unit price; tax = (lines +
 * shipping) × the rate held with the quote, to the rial; total = lines + shipping + tax. Null
 * until every line is priced: a quote with a line missing has no total to show.
 */
export function quoteTotals(
  inquiry: Pick<Inquiry, 'lines' | 'quoted_shipping' | 'tax_rate_percent'>,
): QuoteTotals | null {
  const lineTotals = (inquiry.lines ?? []).map(quotedLineTotal);
  if (lineTotals.length === 0 || lineTotals.some((total) => total === null)) return null;
  const lines = (lineTotals as number[]).reduce((sum, total) => sum + total, 0);
  const shipping = amount(inquiry.quoted_shipping) ?? 0;
  const taxRatePercent = amount(inquiry.tax_rate_percent) ?? 0;
  const tax = Math.round(((lines + shipping) * taxRatePercent) / 100);
  return { lines, shipping, taxRatePercent, tax, total: lines + shipping + tax };
}

/**
 * A line's indicative total (rial) as the buyer saw it when sending: the price per the product's
 * unit over what the line weighs or counts in that unit. Null where the unit is neither a weight
 * nor the sale unit, or there was no price.
 */
export function indicativeLineTotal(
  line: Pick<InquiryLine, 'quantity' | 'sale_unit' | 'unit' | 'indicative_unit_price' | 'weight_kg'>,
): number | null {
  const price = amount(line.indicative_unit_price);
  if (price === null || price <= 0) return null;
  const kg = amount(line.weight_kg);
  const quantity = Number(line.quantity);
  if (line.unit === 'kg' && kg !== null) return Math.round(price * kg);
  if (line.unit === 'tonne' && kg !== null) return Math.round((price * kg) / 1000);
  if (line.unit && line.unit === (line.sale_unit ?? line.unit) && Number.isFinite(quantity))
    return Math.round(price * quantity);
  return null;
}

/** The shipping estimate in rial from the weight and the province's rate per tonne (what the CMS computes). */
export function shippingEstimate(totalKg: number, ratePerTonne: number): number {
  return Math.round((totalKg / 1000) * ratePerTonne);
}
