/**
 * Sale units (a branch, a sheet, a coil, a tonne…): what one weighs and costs, from a product's
 * attributes and its price per kg. In the kit because every app that shows a quantity of steel —
 * the catalogue's product page, an inquiry basket — must compute the same figures; the weights
 * are sale-unit-weight.cjs, which the CMS runs too.
 */
import { kgPerSaleUnit } from './sale-unit-weight.cjs';

type Attributes = Record<string, string | number | null> | null | undefined;

/** A product's price fields as the CMS holds them. */
export interface SaleUnitProduct {
  /** The unit `price` is per. */
  unit: string;
  sale_unit: string | null;
  /** Rial per `unit`; null when given on request. */
  price: number | null;
  attributes: Attributes;
}

export { unitLabelFa, kgPerSaleUnit, kgPerQuantityUnit, quantityUnit } from './sale-unit-weight.cjs';
export type { QuantityItem } from './sale-unit-weight.cjs';

/** The price of one sale unit (a branch, a sheet, a tonne…) derived from the price per kg. */
export interface SaleUnitPrice {
  saleUnit: string;
  /** Kilograms in one sale unit, as the attributes give them. */
  kgPerSaleUnit: number;
  /** Rial per sale unit, rounded to a whole rial. */
  rial: number;
}

/**
 * The price per sale unit where the data allows it: prices are per kg, so a product sold by the
 * branch costs price × weight per metre × length (or × the branch's stated weight). Null when
 * the product is priced by its sale unit already, has no price, or its weights are not plain.
 */
export function saleUnitPrice({ unit, sale_unit: saleUnit, price, attributes }: SaleUnitProduct): SaleUnitPrice | null {
  const rialPerKg = Number(price);
  if (unit !== 'kg' || !saleUnit || saleUnit === unit || !Number.isFinite(rialPerKg) || rialPerKg <= 0) return null;
  const kg = kgPerSaleUnit(saleUnit, attributes);
  return kg === null ? null : { saleUnit, kgPerSaleUnit: kg, rial: Math.round(rialPerKg * kg) };
}
