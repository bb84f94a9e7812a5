/**
 * The customer's writes that more than one app makes: an order request (the panel's form, the
 * catalogue's product page) and a watch-list entry (the panel's `?add=` link, the product page).
 * One function per CMS call; the CMS scopes both to the token's owner and fills in the rest
 * (order number, status, item names and prices; the entry's price when added).
 */
import { normaliseApiError } from '@steel/shared/remote-core';
import type { ContentClient } from '../api/content-types';

export interface OrderRequest {
  /** The CMS fills in each item's name, sale unit and (illustrative) price from the product. */
  items: { product_slug: string; quantity: number }[];
  delivery_address?: string;
  contact_phone?: string;
  note?: string;
}

/** What the CMS answers for a new order (the panel reads more fields through its own type). */
export interface CreatedOrder {
  documentId: string;
  number: string;
}

/** Never retried (docs/architecture.md, "Failure stays contained"): a failed write is reported, never repeated behind the user's back. */
export async function createOrderRequest<T extends CreatedOrder = CreatedOrder>(
  api: ContentClient,
  order: OrderRequest,
): Promise<T> {
  const answer = await api.create<T>('orders', order);
  return answer.data;
}

export type WatchListAddition = { added: true } | { added: false; reason: 'present' };

/** Adds a product (its documentId) to the customer's watch list; one entry per product. */
export async function addToWatchList(api: ContentClient, productDocumentId: string): Promise<WatchListAddition> {
  try {
    await api.create('watch-list-entries', { product: productDocumentId });
    return { added: true };
  } catch (error) {
    // The CMS refuses a second entry for the same product with this 400. (Read structurally:
    // the client that threw may be another app's copy of the kernel, so no `instanceof`.)
    const { error: body } = normaliseApiError(error);
    if (body.status === 400 && /already on your watch list/i.test(body.message))
      return { added: false, reason: 'present' };
    throw error;
  }
}
