/**
 * The inquiry basket (سبد استعلام) as the browser keeps it: one line per product, its quantity in
 * the product's sale unit. Kept in localStorage, so it outlives a reload and a signed-out visit,
 * and shared by every part of the inquiry app on the page — the product page's button, the
 * listing rows', the header's counter, the basket page — and by other tabs (the `storage` event).
 */
import type { SlotProduct } from '@steel/contract';
import { announceSlotCondition } from '@steel/contract/slots';

export interface BasketLine {
  product: SlotProduct;
  /** In the product's sale unit (or its price unit when it has none). */
  quantity: number;
  addedAt: string;
}

export const BASKET_STORAGE_KEY = 'steel-inquiry-basket';
/** A bill of materials is long, not endless. */
export const MAX_BASKET_LINES = 50;
const EMPTY: readonly BasketLine[] = [];

let cached: { text: string | null; lines: readonly BasketLine[] } = { text: null, lines: EMPTY };
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage refused (a private window's quota, a policy): the basket lives in memory
  }
}

const isLine = (value: unknown): value is BasketLine =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BasketLine).product?.slug === 'string' &&
  typeof (value as BasketLine).quantity === 'number' &&
  (value as BasketLine).quantity > 0;

/** The lines as stored; anything unreadable is dropped rather than breaking the page. */
export function basketLines(): readonly BasketLine[] {
  const text = storage()?.getItem(BASKET_STORAGE_KEY) ?? null;
  if (text === cached.text) return cached.lines;
  let lines: readonly BasketLine[] = EMPTY;
  try {
    const parsed = text ? (JSON.parse(text) as unknown) : [];
    lines = Array.isArray(parsed) ? parsed.filter(isLine) : EMPTY;
  } catch {
    lines = EMPTY;
  }
  cached = { text, lines };
  return lines;
}

function save(lines: readonly BasketLine[]): void {
  // An empty basket leaves no key: the header's counter is loaded only while there is one
  // (docs/architecture.md, "Extension slots": a contribution's condition).
  const text = lines.length > 0 ? JSON.stringify(lines) : null;
  if (text === null) storage()?.removeItem(BASKET_STORAGE_KEY);
  else storage()?.setItem(BASKET_STORAGE_KEY, text);
  cached = { text: storage() ? text : null, lines };
  announceSlotCondition();
  for (const listener of listeners) listener();
}

/**
 * Called after each change made on this page (not another tab's, which that tab reports itself):
 * what the account copy follows.
 */
export function onBasketSaved(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function subscribeToBasket(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === BASKET_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Adds `quantity` of a product (to its line when it has one). Returns false when the basket is full. */
export function addToBasket(product: SlotProduct, quantity = 1): boolean {
  const lines = basketLines();
  const existing = lines.find((line) => line.product.slug === product.slug);
  if (!existing && lines.length >= MAX_BASKET_LINES) return false;
  save(
    existing
      ? lines.map((line) => (line === existing ? { ...line, product, quantity: line.quantity + quantity } : line))
      : [...lines, { product, quantity, addedAt: new Date().toISOString() }],
  );
  return true;
}

export function setQuantity(slug: string, quantity: number): void {
  if (!(quantity > 0)) return;
  save(basketLines().map((line) => (line.product.slug === slug ? { ...line, quantity } : line)));
}

export function removeFromBasket(slug: string): void {
  save(basketLines().filter((line) => line.product.slug !== slug));
}

/** Puts these lines in place of the basket's (the account's copy, merged or read). */
export function replaceBasket(lines: readonly BasketLine[]): void {
  save(lines.slice(0, MAX_BASKET_LINES));
}

/** Empties the basket (sent as an inquiry, or the account that held it signed out). */
export function clearBasket(): void {
  save(EMPTY);
}
