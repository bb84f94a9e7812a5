import { isStatusOf, statusLook } from '@steel/shared';
import { PURCHASE_REQUEST_STATUS } from '../../ui/statuses';
import orderWorkflow from '../../entities/order/generated/order-workflow.json';
import type { BadgeTone } from '@steel/shared';

/** Exchange purchase request statuses; their names and tones are in the panel's one status module. */
export type PurchaseRequestStatus = keyof (typeof PURCHASE_REQUEST_STATUS)['looks'];

/**
 * Still pending: a customer may cancel. One list, in data/domain/order-workflow.json, as for
 * orders (entities/order/order-status.ts): the CMS enforces it, the panel reads a generated copy.
 */
export const CANCELLABLE_PURCHASE_REQUEST: readonly PurchaseRequestStatus[] =
  orderWorkflow.exchange_purchase_request.customer_cancellable_from.filter(isPurchaseRequestStatus);

export function isPurchaseRequestStatus(value: unknown): value is PurchaseRequestStatus {
  return isStatusOf(PURCHASE_REQUEST_STATUS, value);
}

export const purchaseRequestStatusName = (status: string) => statusLook(PURCHASE_REQUEST_STATUS, status).name;

export const canCancelPurchaseRequest = (status: string) =>
  isPurchaseRequestStatus(status) && CANCELLABLE_PURCHASE_REQUEST.includes(status);

export const purchaseRequestTone = (status: string): BadgeTone => statusLook(PURCHASE_REQUEST_STATUS, status).tone;
