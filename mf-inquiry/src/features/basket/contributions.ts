import type { SlotComponents } from '@steel/shared/slots';
import { AddRowToInquiry, AddToInquiry } from './add-to-inquiry';
import { BasketCounter } from './basket-counter';

/** What the inquiry app shows on other apps' pages: the same list for the browser's `./slots` and the server entry. */
export const basketContributions: SlotComponents = {
  'product.actions': AddToInquiry,
  'listing.row': AddRowToInquiry,
  'header.counter': BasketCounter,
};
