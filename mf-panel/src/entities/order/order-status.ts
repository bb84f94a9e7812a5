import { isStatusOf, statusKeys, statusLook } from '@steel/shared';
import { ORDER_STATUS } from '../../ui/statuses';
import orderWorkflow from './generated/order-workflow.json';
import type { BadgeTone } from '@steel/shared';

/** Order statuses in workflow order; their names and tones are in the panel's one status module. */
export const ORDER_STATUSES = statusKeys(ORDER_STATUS);

export type OrderStatus = keyof (typeof ORDER_STATUS)['looks'];

export const ORDER_STATUS_NAMES = Object.fromEntries(
  ORDER_STATUSES.map((status) => [status, ORDER_STATUS.looks[status].name]),
) as Record<OrderStatus, string>;

/** Finished orders: nothing more will happen to them. */
export const CLOSED_ORDER_STATUSES: readonly OrderStatus[] = ['delivered', 'cancelled', 'rejected', 'returned'];

/**
 * Where a customer may still cancel: before the order is paid for. One list, in
 * data/domain/order-workflow.json: the CMS reads it and enforces it
 * (deploy/cms/src/api/order/controllers/order.js); the panel, which only decides whether to offer
 * the button, reads a copy generated into its sources (scripts/generate-order-workflow.ts), since
 * a remote built on its own has no data/ folder.
 */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] =
  orderWorkflow.order.customer_cancellable_from.filter(isOrderStatus);

export function isOrderStatus(value: unknown): value is OrderStatus {
  return isStatusOf(ORDER_STATUS, value);
}

export function orderStatusName(status: string): string {
  return statusLook(ORDER_STATUS, status).name;
}

export function canCustomerCancelOrder(status: string): boolean {
  return isOrderStatus(status) && CUSTOMER_CANCELLABLE.includes(status);
}

export function isOpenOrder(status: string): boolean {
  return !isOrderStatus(status) || !CLOSED_ORDER_STATUSES.includes(status);
}

export function orderStatusTone(status: string): BadgeTone {
  return statusLook(ORDER_STATUS, status).tone;
}
