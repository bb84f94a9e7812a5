import type { PageDefinition } from '@steel/shared';
import { basketPage } from '../features/basket/basket-page';
import { alertsPage } from '../features/alerts/alerts-page';
import { comparePage } from '../features/compare/compare-page';
import { requestsPage } from '../features/requests/requests-page';
import { shippingPricePage } from '../features/shipping-price/shipping-price-page';

/** Every page of the inquiry app, listed once (the shell routes `/inquiry/**` here because of it). */
export const inquiryPages: PageDefinition[] = [basketPage, requestsPage, alertsPage, comparePage, shippingPricePage];
