import {
  LINE_MAX_KG,
  inquiryWeight,
  readLineQuantity,
  readTypedNumber,
  type NumberReading,
  type QuantityItem,
} from '@steel/shared';
import type { SlotProduct } from '@steel/contract';
import type { BasketLine } from './basket-store';
import { kgPerPiece, piecesForTonnes } from './tonnes';

/** A product as the kit's limits read it (the CMS's field names: the CMS holds a basket to the same rules). */
export const quantityItem = (product: SlotProduct): QuantityItem => ({
  unit: product.unit,
  sale_unit: product.saleUnit,
  attributes: product.attributes,
});

/**
 * A quantity typed for a product, held to the kit's limits of an inquiry line (in the product's sale
 * unit, said with its weight) and of a whole inquiry (what the rest of the basket weighs with it).
 * `adding`: the product page's figure goes on top of what the basket already holds of the product;
 * otherwise (the basket's own field) it replaces it.
 *
 * `inTonnes` (a product sold by the piece of a known weight, `kgPerPiece`): the figure is tonnes,
 * read by the same reader, turned into whole pieces rounded up (`piecesForTonnes`), and the limits
 * are those of the pieces — the value is always in the sale unit, as the basket keeps it; `tonnes`
 * is the figure read, for the hint.
 */
export function readBasketQuantity(
  text: string,
  product: SlotProduct,
  basket: readonly BasketLine[],
  { adding, inTonnes = false }: { adding: boolean; inTonnes?: boolean },
): NumberReading & { tonnes?: number } {
  const held = adding ? (basket.find((line) => line.product.slug === product.slug)?.quantity ?? 0) : 0;
  const kg = inTonnes ? kgPerPiece(product) : null;
  let tonnes: number | undefined;
  if (kg !== null) {
    const typed = readTypedNumber(text, { label: 'مقدار', unit: 'تن', aboveZero: true, max: LINE_MAX_KG / 1000 });
    if (typed.value === undefined) return typed;
    tonnes = typed.value;
  }
  const read = readLineQuantity(tonnes === undefined ? text : piecesForTonnes(tonnes, kg!), quantityItem(product), {
    alreadyAsked: held,
  });
  if (read.value === undefined) return read;
  const weight = inquiryWeight([
    ...basket
      .filter((line) => line.product.slug !== product.slug)
      .map((line) => ({ item: quantityItem(line.product), quantity: line.quantity })),
    { item: quantityItem(product), quantity: held + read.value },
  ]);
  if (weight.error) return { problem: 'aboveMax', error: weight.error };
  return tonnes === undefined ? read : { ...read, tonnes };
}
