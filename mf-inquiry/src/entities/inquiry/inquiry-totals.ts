import type { Amount, InquiryLine } from './inquiry';

const amount = (value: Amount | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** A quote's totals are the kit's (the CMS writes the accepted quote's order with the same code). */
export { quotedLineTotal, quoteTotals, type QuoteTotals } from '@steel/shared';

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
