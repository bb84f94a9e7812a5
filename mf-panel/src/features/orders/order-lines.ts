/**
 * How an order line's quantity is counted (the product's `sale_unit`), in Persian (data/domain/persian-ui.md,
 * "Catalogue, prices and ordering").
 */
export const SALE_UNIT_NAMES: Record<string, string> = {
  kg: 'کیلوگرم',
  tonne: 'تن',
  branch: 'شاخه',
  sheet: 'برگ',
  roll: 'رول',
  coil: 'کلاف',
  piece: 'عدد',
  meter: 'متر',
  m2: 'متر مربع',
};

export function saleUnitName(unit: string | null | undefined): string {
  if (!unit) return '';
  return SALE_UNIT_NAMES[unit] ?? unit;
}

/** Kilograms in one sale unit, where the unit itself is a weight. */
const KG_PER_UNIT: Record<string, number> = { kg: 1, tonne: 1000 };

export interface PricedLine {
  quantity: number | string | null | undefined;
  sale_unit?: string | null;
  /** Rial per kilogram (catalogue prices are per kg). */
  unit_price?: number | string | null;
}

/**
 * A line's estimated price in rial: quantity × kg per unit × price per kg. Only lines counted by
 * weight have one; a branch or a sheet weighs what the mill's table says, so those are priced
 * in the proforma (null here).
 */
export function estimatedLineTotal(line: PricedLine): number | null {
  const quantity = Number(line.quantity);
  const price = Number(line.unit_price);
  const kg = line.sale_unit ? KG_PER_UNIT[line.sale_unit] : undefined;
  if (
    !kg ||
    !Number.isFinite(quantity) ||
    !Number.isFinite(price) ||
    price <= 0 ||
    line.unit_price === null ||
    line.unit_price === undefined
  )
    return null;
  return Math.round(quantity * kg * price);
}

/** The sum of the lines that can be estimated, and whether every line could. */
export function estimatedOrderTotal(lines: readonly PricedLine[]): { total: number; complete: boolean } {
  let total = 0;
  let complete = lines.length > 0;
  for (const line of lines) {
    const value = estimatedLineTotal(line);
    if (value === null) complete = false;
    else total += value;
  }
  return { total, complete };
}
