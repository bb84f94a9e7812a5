import { kgPerSaleUnit, saleUnitPrice } from '@steel/shared';
import type { SlotProduct } from '@steel/contract';

/** The unit a product is asked for in: its sale unit (branch, sheet, coil, tonne…), else the unit it is priced by. */
export const quantityUnit = (product: SlotProduct) => product.saleUnit ?? product.unit;

/**
 * A line's weight and indicative total by the catalogue's own sale-unit rules (the kit's
 * `saleUnitPrice`), so the basket says what the product page says. Null where the data gives no
 * plain figure (no price, weights marked uncertain).
 */
export function lineFigures(product: SlotProduct, quantity: number): { kg: number | null; rial: number | null } {
  const perSaleUnit = saleUnitPrice({
    unit: product.unit,
    sale_unit: product.saleUnit,
    price: product.price,
    attributes: product.attributes,
  });
  if (perSaleUnit) return { kg: perSaleUnit.kgPerSaleUnit * quantity, rial: perSaleUnit.rial * quantity };
  // Priced by the unit it is sold in (or sold by the kilogram): the price is per quantity unit.
  const unit = quantityUnit(product);
  const kgPerUnit = unit === 'kg' ? 1 : kgPerSaleUnit(unit, product.attributes);
  const priced = unit === product.unit && product.price !== null && product.price > 0;
  return {
    kg: kgPerUnit === null ? null : kgPerUnit * quantity,
    rial: priced ? Math.round((product.price as number) * quantity) : null,
  };
}
