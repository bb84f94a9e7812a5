import type { SlotComponents } from '@steel/shared/slots';
import { CompareCounter, CompareToggle } from './compare-toggle';

/** Compare on other apps' pages: «مقایسه» on each listing row, the header's link to the comparison. */
export const compareContributions: SlotComponents = {
  'listing.row': CompareToggle,
  'header.counter': CompareCounter,
};
