import type { BadgeTone } from '../../ui/status-badge';

/** Exchange purchase request statuses and their Persian names. */
export const PURCHASE_REQUEST_STATUS_NAMES = {
  submitted: 'ثبت شده',
  reviewing: 'در حال بررسی',
  bidding: 'در حال خرید در بورس',
  purchased: 'خریداری شد',
  rejected: 'رد شده',
  cancelled: 'لغو شده',
} as const;
export type PurchaseRequestStatus = keyof typeof PURCHASE_REQUEST_STATUS_NAMES;

/** Still pending: a customer may cancel (the CMS enforces the same two statuses). */
export const CANCELLABLE_PURCHASE_REQUEST: readonly string[] = ['submitted', 'reviewing'];

export const purchaseRequestStatusName = (status: string) =>
  Object.prototype.hasOwnProperty.call(PURCHASE_REQUEST_STATUS_NAMES, status) ? PURCHASE_REQUEST_STATUS_NAMES[status as PurchaseRequestStatus] : status;

export const canCancelPurchaseRequest = (status: string) => CANCELLABLE_PURCHASE_REQUEST.includes(status);

export function purchaseRequestTone(status: string): BadgeTone {
  if (status === 'purchased') return 'success';
  if (status === 'rejected' || status === 'cancelled') return 'danger';
  if (status === 'bidding') return 'info';
  return 'warning';
}
