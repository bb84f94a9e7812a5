import {
  CUSTOMER_CANCELLABLE,
  ORDER_STATUSES,
  ORDER_STATUS_NAMES,
  canCustomerCancelOrder,
  isOpenOrder,
  orderStatusName,
  orderStatusTone,
} from './order-status';

describe('order statuses', () => {
  it('names every status in Persian, as persian-ui.md writes them', () => {
    expect(ORDER_STATUSES).toHaveLength(14);
    expect(ORDER_STATUS_NAMES.pending_review).toBe('در انتظار بررسی');
    expect(ORDER_STATUS_NAMES.proforma_issued).toBe('پیش‌فاکتور صادر شد');
    expect(ORDER_STATUS_NAMES.payment_failed).toBe('پرداخت ناموفق');
    for (const status of ORDER_STATUSES) expect(orderStatusName(status)).toMatch(/[\u0600-\u06FF]/);
    expect(orderStatusName('mystery')).toBe('mystery');
  });

  it('offers cancel only before payment, as the CMS allows', () => {
    expect(CUSTOMER_CANCELLABLE).toEqual([
      'pending_review',
      'awaiting_proforma',
      'proforma_issued',
      'awaiting_payment',
      'payment_failed',
    ]);
    expect(canCustomerCancelOrder('awaiting_payment')).toBe(true);
    for (const status of [
      'paid',
      'confirmed',
      'processing',
      'loading',
      'shipped',
      'delivered',
      'cancelled',
      'rejected',
      'returned',
      'nonsense',
    ]) {
      expect(canCustomerCancelOrder(status)).toBe(false);
    }
  });

  it('counts an order as open until it is delivered, cancelled, rejected or returned', () => {
    expect(isOpenOrder('pending_review')).toBe(true);
    expect(isOpenOrder('shipped')).toBe(true);
    expect(isOpenOrder('delivered')).toBe(false);
    expect(isOpenOrder('cancelled')).toBe(false);
  });

  it('colours finished, failed and waiting statuses differently', () => {
    expect(orderStatusTone('delivered')).toBe('success');
    expect(orderStatusTone('cancelled')).toBe('danger');
    expect(orderStatusTone('awaiting_payment')).toBe('warning');
    expect(orderStatusTone('shipped')).toBe('info');
  });
});
