import { inquiryWeight, readLineQuantity, type NumberReading, type QuantityItem } from '@steel/shared';
import type { SlotProduct } from '@steel/contract';
import type { BasketLine } from './basket-store';

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
 */
export function readBasketQuantity(
  text: string,
  product: SlotProduct,
  basket: readonly BasketLine[],
  { adding }: { adding: boolean },
): NumberReading {
  const held = adding ? (basket.find((line) => line.product.slug === product.slug)?.quantity ?? 0) : 0;
  const reading = readLineQuantity(text, quantityItem(product), { alreadyAsked: held });
  if (reading.value === undefined) return reading;
  const weight = inquiryWeight([
    ...basket
      .filter((line) => line.product.slug !== product.slug)
      .map((line) => ({ item: quantityItem(line.product), quantity: line.quantity })),
    { item: quantityItem(product), quantity: held + reading.value },
  ]);
  return weight.error ? { problem: 'aboveMax', error: weight.error } : reading;
}
