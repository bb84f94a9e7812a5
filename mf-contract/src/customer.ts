/**
 * Contracts around the customer panel that cross app boundaries (docs/architecture.md, "Contracts between apps").
 */

/**
 * The first element of every query key that holds a customer's own records (orders, tickets,
 * watch list, purchase requests, profile). When the session changes hands — signed out here or in
 * another tab, a 401, another account — the shell removes every query under it, so nothing a
 * customer saw can be shown from the shared cache afterwards.
 */
export const CUSTOMER_QUERY_KEY = 'customer';

/** The query parameters the panel reads on the pages below (one definition for writer and reader). */
export const PANEL_LINK_PARAMS = { watchProduct: 'add', orderProduct: 'product', requestOffer: 'offer' } as const;

/**
 * Links into the panel that other apps build: the catalogue's product page («add to my products»,
 * «order»), the bourse landing page («purchase request»). A signed-out visitor goes through sign-in
 * and comes back to the same link (the shell's auth guard keeps the query).
 */
export const panelLinks = {
  /** Adds the product to the customer's watch list, then shows the list. */
  watchProduct: (productSlug: string) =>
    `/panel/product?${PANEL_LINK_PARAMS.watchProduct}=${encodeURIComponent(productSlug)}`,
  /** A new order request with this product filled in. */
  orderProduct: (productSlug: string) =>
    `/panel/order/new?${PANEL_LINK_PARAMS.orderProduct}=${encodeURIComponent(productSlug)}`,
  /** A new exchange purchase request for this offer (its documentId). */
  requestOffer: (offerDocumentId: string) =>
    `/panel/bourse/new?${PANEL_LINK_PARAMS.requestOffer}=${encodeURIComponent(offerDocumentId)}`,
};
