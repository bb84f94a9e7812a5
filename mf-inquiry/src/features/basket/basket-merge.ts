import { lineQuantityRule } from '@steel/shared';
import type { SlotProduct } from '@steel/contract';
import { MAX_BASKET_LINES, type BasketLine } from './basket-store';
import { quantityItem } from './basket-quantity';

/** A line as the account keeps it: the product's slug and the quantity in its sale unit. */
export interface AccountLine {
  product_slug: string;
  quantity: number;
}

/**
 * A line's quantity as the CMS takes it: at most 3 decimals, at most the product's limit (the
 * kit's rule, which the CMS holds it to: a basket kept from before a limit never fails to sync).
 */
export const accountQuantity = (line: Pick<BasketLine, 'product' | 'quantity'>) =>
  Math.min(lineQuantityRule(quantityItem(line.product)).max, Math.round(line.quantity * 1000) / 1000);

export const toAccountLines = (lines: readonly BasketLine[]): AccountLine[] =>
  lines.map((line) => ({ product_slug: line.product.slug, quantity: accountQuantity(line) }));

/**
 * The browser's basket and the account's as one: every product of either, the same product
 * keeping the larger quantity (two visits that each chose an amount never add up to a bill the
 * buyer did not mean), the browser's lines first in their order, then the account's others, at most
 * MAX_BASKET_LINES.
 */
export function unionOfBaskets(local: readonly AccountLine[], account: readonly AccountLine[]): AccountLine[] {
  const merged = new Map<string, number>();
  for (const line of [...local, ...account]) {
    if (!(line.quantity > 0)) continue;
    merged.set(line.product_slug, Math.max(merged.get(line.product_slug) ?? 0, line.quantity));
  }
  return [...merged].slice(0, MAX_BASKET_LINES).map(([product_slug, quantity]) => ({ product_slug, quantity }));
}

/** True when the two hold the same products with the same quantities, in any order. */
export function sameLines(a: readonly AccountLine[], b: readonly AccountLine[]): boolean {
  if (a.length !== b.length) return false;
  const quantities = new Map(a.map((line) => [line.product_slug, line.quantity]));
  return b.every((line) => quantities.get(line.product_slug) === line.quantity);
}

/**
 * Account lines as basket lines: each product as the browser already knows it, else as the CMS
 * describes it now (`found`). A product the CMS no longer publishes is left out.
 */
export function toBasketLines(
  lines: readonly AccountLine[],
  known: readonly BasketLine[],
  found: ReadonlyMap<string, SlotProduct>,
  now = new Date(),
): BasketLine[] {
  const bySlug = new Map(known.map((line) => [line.product.slug, line]));
  return lines.flatMap((line) => {
    const local = bySlug.get(line.product_slug);
    const product = local?.product ?? found.get(line.product_slug);
    if (!product) return [];
    return [{ product, quantity: line.quantity, addedAt: local?.addedAt ?? now.toISOString() }];
  });
}
