import { useSyncExternalStore } from 'react';
import { basketLines, subscribeToBasket, type BasketLine } from './basket-store';

const NONE: readonly BasketLine[] = [];

/** The basket's lines; empty on the server and during hydration (the server cannot know a visitor's basket). */
export function useBasket(): readonly BasketLine[] {
  return useSyncExternalStore(subscribeToBasket, basketLines, () => NONE);
}
