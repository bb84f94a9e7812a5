/**
 * The products a visitor has picked to compare: at most four, all of one sub-category (a table of
 * rebars beside sheets compares nothing). Kept in localStorage like the inquiry basket, so the
 * listing's toggles, the header's link and other tabs (the `storage` event) agree; the compare page
 * itself reads its URL, so a link to it is shareable.
 */
import type { SlotProduct } from '@steel/contract';
import { announceSlotCondition } from '@steel/contract/slots';

export interface ComparedProduct {
  slug: string;
  name: string;
  /** The sub-category's path as the CMS holds it (`rebar/kalaf`). */
  subCategory: string;
}

export const MAX_COMPARED = 4;
export const COMPARE_STORAGE_KEY = 'steel-inquiry-compare';
const EMPTY: readonly ComparedProduct[] = [];

export type CompareDecision =
  | { kind: 'added' | 'removed'; list: readonly ComparedProduct[] }
  | { kind: 'full' | 'other-sub-category'; list: readonly ComparedProduct[] };

/** What pressing «مقایسه» on `product` does to `list`: removes it, adds it, or refuses and says why. */
export function toggleInList(list: readonly ComparedProduct[], product: ComparedProduct): CompareDecision {
  if (list.some((item) => item.slug === product.slug))
    return { kind: 'removed', list: list.filter((item) => item.slug !== product.slug) };
  if (list.length > 0 && list[0]?.subCategory !== product.subCategory) return { kind: 'other-sub-category', list };
  if (list.length >= MAX_COMPARED) return { kind: 'full', list };
  return { kind: 'added', list: [...list, product] };
}

/** `/inquiry/compare?p=a%2Cb`: the page's one parameter, comma-separated slugs, written as the site's canonical query. */
export function compareHref(slugs: readonly string[]): string {
  return slugs.length
    ? `/inquiry/compare?${new URLSearchParams({ p: slugs.join(',') }).toString()}`
    : '/inquiry/compare';
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/i;

/** The slugs of `?p=`: in the order given, each once, at most four; anything that is no slug is dropped. */
export function slugsFromQuery(search: URLSearchParams): string[] {
  const given = (search.get('p') ?? '').split(',').map((slug) => slug.trim());
  return [...new Set(given.filter((slug) => SLUG.test(slug)))].slice(0, MAX_COMPARED);
}

export const comparedOf = (product: SlotProduct): ComparedProduct => ({
  slug: product.slug,
  name: product.name,
  subCategory: product.subCategory,
});

// The stored list, cached by its text so every reader gets the same array until it changes.
let cached: { text: string | null; list: readonly ComparedProduct[] } = { text: null, list: EMPTY };
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage refused: the list lives in memory for this page
  }
}

const isCompared = (value: unknown): value is ComparedProduct =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ComparedProduct).slug === 'string' &&
  typeof (value as ComparedProduct).name === 'string' &&
  typeof (value as ComparedProduct).subCategory === 'string';

/** The stored list; anything unreadable is dropped rather than breaking the page. */
export function comparedProducts(): readonly ComparedProduct[] {
  const store = storage();
  // Without storage the list is the one this page has kept in memory.
  const text = store ? store.getItem(COMPARE_STORAGE_KEY) : cached.text;
  if (text === cached.text) return cached.list;
  let list: readonly ComparedProduct[] = EMPTY;
  try {
    const parsed = text ? (JSON.parse(text) as unknown) : [];
    list = Array.isArray(parsed) ? parsed.filter(isCompared).slice(0, MAX_COMPARED) : EMPTY;
  } catch {
    list = EMPTY;
  }
  cached = { text, list };
  return list;
}

/** Presses «مقایسه» on a product: the decision, with the list saved when it changed. */
export function toggleCompared(product: ComparedProduct): CompareDecision {
  const decision = toggleInList(comparedProducts(), product);
  if (decision.kind === 'added' || decision.kind === 'removed') {
    // An empty list leaves no key: the header's link is loaded only while there is one
    // (docs/architecture.md, "Extension slots": a contribution's condition).
    const text = decision.list.length > 0 ? JSON.stringify(decision.list) : null;
    if (text === null) storage()?.removeItem(COMPARE_STORAGE_KEY);
    else storage()?.setItem(COMPARE_STORAGE_KEY, text);
    cached = { text, list: decision.list };
    announceSlotCondition();
    for (const listener of listeners) listener();
  }
  return decision;
}

export function subscribeToCompared(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === COMPARE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
