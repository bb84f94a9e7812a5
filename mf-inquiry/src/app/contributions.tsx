import type { ComponentType } from 'react';
import { SLOT_NAMES, type SlotCondition, type SlotName } from '@steel/contract';
import { USER_STORAGE_KEY } from '@steel/shared';
import { type SlotComponents } from '@steel/shared/slots';
import { alertContributions } from '../features/alerts/contributions';
import { basketContributions } from '../features/basket/contributions';
import { BASKET_STORAGE_KEY } from '../features/basket/basket-store';
import { COMPARE_STORAGE_KEY } from '../features/compare/compare-list';
import { compareContributions } from '../features/compare/contributions';

type AnyContribution = ComponentType<Record<string, unknown>>;

/**
 * One component per slot out of each feature's: a host gives the inquiry app one place in a slot,
 * so the basket's button and the price alert share the product page's, the basket's button and
 * «مقایسه» a listing row's — in the order listed, with the same props.
 */
function composeContributions(...lists: SlotComponents[]): SlotComponents {
  const composed: Record<string, AnyContribution> = {};
  for (const slot of SLOT_NAMES) {
    const parts = lists.flatMap((list) => (list[slot] as AnyContribution | undefined) ?? []);
    if (parts.length <= 1) {
      if (parts[0]) composed[slot] = parts[0];
      continue;
    }
    const Composed = (props: Record<string, unknown>) => (
      <>
        {parts.map((Part, index) => (
          <Part key={index} {...props} />
        ))}
      </>
    );
    Composed.displayName = `InquiryContributions(${slot})`;
    composed[slot] = Composed;
  }
  return composed as SlotComponents;
}

/** What the inquiry app shows on other apps' pages: the same list for the browser's `./slots` and the server entry. */
export const inquiryContributions = composeContributions(basketContributions, alertContributions, compareContributions);

/**
 * The slots whose part shows nothing without these keys (`SlotCondition`): the header's counters
 * are empty without a basket or a comparison, so a visitor without either never loads their code.
 * A signed-in visitor loads it on every page: the counter is what merges the account's basket into
 * the browser's at sign-in (docs/architecture.md, "Extension slots").
 */
export const inquiryContributionConditions: Partial<Record<SlotName, SlotCondition>> = {
  'header.counter': { storage: [BASKET_STORAGE_KEY, COMPARE_STORAGE_KEY, USER_STORAGE_KEY] },
};
