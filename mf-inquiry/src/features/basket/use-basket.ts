import { useSyncExternalStore } from 'react';
import { basketLines, subscribeToBasket, type BasketLine } from './basket-store';
import { useBasketSync } from './basket-sync';

const NONE: readonly BasketLine[] = [];

/**
 * The basket's lines; empty on the server and during hydration (the server cannot know a visitor's
 * basket). Whichever part of the app reads it first starts keeping it in step with the account.
 */
export function useBasket(): readonly BasketLine[] {
  useBasketSync();
  return useSyncExternalStore(subscribeToBasket, basketLines, () => NONE);
}
