import { statusVocabulary } from '@steel/shared';

/**
 * Every status the panel shows, with its Persian name and badge tone, in one place: orders,
 * tickets, exchange purchase requests, warehouse reservations and credit requests (the kit's status vocabularies).
 * The names are those of (data/domain/persian-ui.md, "Order statuses") and
 * (data/domain/persian-ui.md, "Tickets"); the CMS holds the keys.
 */

/** Order statuses, in workflow order. */
export const ORDER_STATUS = statusVocabulary(
  {
    pending_review: { name: 'در انتظار بررسی', tone: 'neutral' },
    awaiting_proforma: { name: 'در انتظار صدور پیش‌فاکتور', tone: 'warning' },
    proforma_issued: { name: 'پیش‌فاکتور صادر شد', tone: 'warning' },
    awaiting_payment: { name: 'در انتظار پرداخت', tone: 'warning' },
    payment_failed: { name: 'پرداخت ناموفق', tone: 'danger' },
    paid: { name: 'پرداخت شده', tone: 'info' },
    confirmed: { name: 'تأیید شده', tone: 'info' },
    processing: { name: 'در حال آماده‌سازی', tone: 'info' },
    loading: { name: 'در حال بارگیری', tone: 'info' },
    shipped: { name: 'ارسال شده', tone: 'info' },
    delivered: { name: 'تحویل داده شده', tone: 'success' },
    cancelled: { name: 'لغو شده', tone: 'danger' },
    rejected: { name: 'رد شده', tone: 'danger' },
    returned: { name: 'مرجوع شده', tone: 'danger' },
  },
  'neutral',
);

export const TICKET_STATUS = statusVocabulary(
  {
    open: { name: 'باز', tone: 'info' },
    awaiting_reply: { name: 'در انتظار پاسخ', tone: 'warning' },
    answered: { name: 'پاسخ داده شده', tone: 'success' },
    in_progress: { name: 'در حال بررسی', tone: 'info' },
    closed: { name: 'بسته شده', tone: 'neutral' },
  },
  'info',
);

export const PURCHASE_REQUEST_STATUS = statusVocabulary(
  {
    submitted: { name: 'ثبت شده', tone: 'warning' },
    reviewing: { name: 'در حال بررسی', tone: 'warning' },
    bidding: { name: 'در حال خرید در بورس', tone: 'info' },
    purchased: { name: 'خریداری شد', tone: 'success' },
    rejected: { name: 'رد شده', tone: 'danger' },
    cancelled: { name: 'لغو شده', tone: 'danger' },
  },
  'warning',
);

export const RESERVATION_STATUS = statusVocabulary(
  {
    submitted: { name: 'ثبت‌شده', tone: 'info' },
    reviewing: { name: 'در حال بررسی', tone: 'warning' },
    reserved: { name: 'رزرو شد', tone: 'success' },
    rejected: { name: 'رد شد', tone: 'danger' },
    cancelled: { name: 'لغوشده', tone: 'neutral' },
  },
  'neutral',
);

/** Credit requests (`/credit`): the operator reviews them in the CMS. */
export const CREDIT_REQUEST_STATUS = statusVocabulary(
  {
    submitted: { name: 'ثبت‌شده', tone: 'info' },
    reviewing: { name: 'در حال بررسی', tone: 'warning' },
    approved: { name: 'تأییدشده', tone: 'success' },
    rejected: { name: 'ردشده', tone: 'danger' },
  },
  'neutral',
);
