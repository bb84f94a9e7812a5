import type { BadgeTone } from '../../ui/status-badge';
import { PURCHASE_REQUEST_STATUS, statusLook } from '../../ui/statuses';

/** Exchange purchase request statuses; their names and tones are in the panel's one status module. */
export type PurchaseRequestStatus = keyof (typeof PURCHASE_REQUEST_STATUS)['looks'];

/** Still pending: a customer may cancel (the CMS enforces the same two statuses). */
export const CANCELLABLE_PURCHASE_REQUEST: readonly string[] = ['submitted', 'reviewing'];

export const purchaseRequestStatusName = (status: string) => statusLook(PURCHASE_REQUEST_STATUS, status).name;

export const canCancelPurchaseRequest = (status: string) => CANCELLABLE_PURCHASE_REQUEST.includes(status);

export const purchaseRequestTone = (status: string): BadgeTone => statusLook(PURCHASE_REQUEST_STATUS, status).tone;
