import { type SlotCondition, type SlotName } from '@steel/contract';
import { USER_STORAGE_KEY } from '@steel/shared';
import { type SlotComponents } from '@steel/shared/slots';
import { BASKET_STORAGE_KEY } from '../features/basket/basket-store';
import { COMPARE_STORAGE_KEY } from '../features/compare/compare-list';
import headerCounter from './slot-parts/header-counter';
import listingRow from './slot-parts/listing-row';
import panelDashboard from './slot-parts/panel-dashboard';
import productActions from './slot-parts/product-actions';

/**
 * What the inquiry app shows on other apps' pages, as the server entry renders it. The browser's
 * `./slots` (src/slots.tsx) loads each slot's part as a chunk of its own, so a page pays only for
 * the slots it hosts: a listing never downloads the product page's price alert.
 */
export const inquiryContributions: SlotComponents = {
  'product.actions': productActions,
  'listing.row': listingRow,
  'panel.dashboard': panelDashboard,
  'header.counter': headerCounter,
};

/**
 * The slots whose part shows nothing without these keys (`SlotCondition`): the header's counters
 * are empty without a basket or a comparison, so a visitor without either never loads their code.
 * A signed-in visitor loads it on every page: the counter is what merges the account's basket into
 * the browser's at sign-in (docs/architecture.md, "Extension slots").
 */
export const inquiryContributionConditions: Partial<Record<SlotName, SlotCondition>> = {
  'header.counter': { storage: [BASKET_STORAGE_KEY, COMPARE_STORAGE_KEY, USER_STORAGE_KEY] },
};
