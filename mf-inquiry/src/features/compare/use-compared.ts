import { useSyncExternalStore } from 'react';
import { comparedProducts, subscribeToCompared, type ComparedProduct } from './compare-list';

const NONE: readonly ComparedProduct[] = [];

/** The products picked to compare; none on the server and during hydration (the server cannot know them). */
export function useCompared(): readonly ComparedProduct[] {
  return useSyncExternalStore(subscribeToCompared, comparedProducts, () => NONE);
}
