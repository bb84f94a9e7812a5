import type { BadgeTone } from '../../ui/status-badge';

/** Order statuses in workflow order, with their Persian names (data/domain/persian-ui.md, "Order statuses"). */
export const ORDER_STATUSES = [
  'pending_review',
  'awaiting_proforma',
  'proforma_issued',
  'awaiting_payment',
  'payment_failed',
  'paid',
  'confirmed',
  'processing',
  'loading',
  'shipped',
  'delivered',
  'cancelled',
  'rejected',
  'returned',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  pending_review: 'در انتظار بررسی',
  awaiting_proforma: 'در انتظار صدور پیش‌فاکتور',
  proforma_issued: 'پیش‌فاکتور صادر شد',
  awaiting_payment: 'در انتظار پرداخت',
  paid: 'پرداخت شده',
  confirmed: 'تأیید شده',
  processing: 'در حال آماده‌سازی',
  loading: 'در حال بارگیری',
  shipped: 'ارسال شده',
  delivered: 'تحویل داده شده',
  cancelled: 'لغو شده',
  rejected: 'رد شده',
  returned: 'مرجوع شده',
  payment_failed: 'پرداخت ناموفق',
};

/** Finished orders: nothing more will happen to them. */
export const CLOSED_ORDER_STATUSES: readonly OrderStatus[] = ['delivered', 'cancelled', 'rejected', 'returned'];

/**
 * Where a customer may still cancel: before the order is paid for. The CMS enforces the same
 * list (deploy/cms/src/api/order/controllers/order.js); this copy only decides whether the
 * panel offers the button.
 */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['pending_review', 'awaiting_proforma', 'proforma_issued', 'awaiting_payment', 'payment_failed'];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function orderStatusName(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_NAMES[status] : status;
}

export function canCustomerCancelOrder(status: string): boolean {
  return isOrderStatus(status) && CUSTOMER_CANCELLABLE.includes(status);
}

export function isOpenOrder(status: string): boolean {
  return !isOrderStatus(status) || !CLOSED_ORDER_STATUSES.includes(status);
}

export function orderStatusTone(status: string): BadgeTone {
  if (!isOrderStatus(status)) return 'neutral';
  if (status === 'delivered') return 'success';
  if (['cancelled', 'rejected', 'returned', 'payment_failed'].includes(status)) return 'danger';
  if (['awaiting_payment', 'proforma_issued', 'awaiting_proforma'].includes(status)) return 'warning';
  if (status === 'pending_review') return 'neutral';
  return 'info';
}
