import { queryOptions } from '@tanstack/react-query';
import { CUSTOMER_QUERY_KEY } from '@steel/contract';
import { apiErrorMessage, formatNumber, normaliseApiError, type ContentClient, type SessionStore } from '@steel/shared';

/** A buyer's «tell me when this falls below» on one product, as the CMS keeps it (src/api/price-alert). */
export interface PriceAlert {
  documentId: string;
  product_slug: string;
  product_name: string | null;
  /** The product page (`/rebar/kalaf/…`), null when the product had no sub-category. */
  product_path: string | null;
  /** Rial per the product's unit (the CMS's big integer may come as a string). */
  below_price: number | string;
  active: boolean;
  last_fired_at: string | null;
  createdAt: string;
}

/** What the CMS told the buyer (a price alert that fired); the buyer may only mark it read. */
export interface PriceNotification {
  documentId: string;
  kind: 'price_alert';
  title: string;
  body: string | null;
  product_slug: string | null;
  product_path: string | null;
  read_at: string | null;
  createdAt: string;
}

/** The CMS refuses more active alerts than this per account. */
export const MAX_ACTIVE_ALERTS = 20;

/**
 * `['customer', <user id>, 'price-alerts' | 'notifications', …]`: the shell drops everything under
 * CUSTOMER_QUERY_KEY when the session changes hands; the user id keeps two buyers apart before that.
 */
export const alertKey = (session: SessionStore, ...rest: unknown[]): unknown[] => [
  CUSTOMER_QUERY_KEY,
  session.getUser()?.id ?? 'anonymous',
  ...rest,
];

/** Every alert of the buyer (at most 20 active, a few paused): one page, newest first. */
export const alertListQuery = (api: ContentClient, session: SessionStore) =>
  queryOptions({
    queryKey: alertKey(session, 'price-alerts'),
    queryFn: async ({ signal }) =>
      (
        await api.find<PriceAlert>(
          'price-alerts',
          { sort: ['createdAt:desc', 'id:desc'], pagination: { page: 1, pageSize: 100 } },
          { signal },
        )
      ).data,
  });

export const NOTIFICATION_PAGE_SIZE = 50;

/** The latest notifications, newest first, and how many of all are unread. */
export const notificationsQuery = (api: ContentClient, session: SessionStore, pageSize = NOTIFICATION_PAGE_SIZE) =>
  queryOptions({
    queryKey: alertKey(session, 'notifications', pageSize),
    queryFn: async ({ signal }) => {
      const [latest, unread] = await Promise.all([
        api.find<PriceNotification>(
          'notifications',
          { sort: ['createdAt:desc', 'id:desc'], pagination: { page: 1, pageSize } },
          { signal },
        ),
        api.find<PriceNotification>(
          'notifications',
          { filters: { read_at: { $null: true } }, fields: ['read_at'], pagination: { page: 1, pageSize: 1 } },
          { signal },
        ),
      ]);
      return { latest: latest.data, unread: unread.meta.pagination?.total ?? 0 };
    },
  });

/** Why the CMS refused an alert, in the buyer's words: its own refusals by name, the rest as every form says them. */
export function alertErrorMessage(error: unknown): string {
  const { error: body } = normaliseApiError(error);
  if (body.status === 400 && /below the current price/i.test(body.message))
    return 'قیمت فعلی همین حالا کمتر از این مبلغ است؛ مبلغی کمتر وارد کنید.';
  if (body.status === 403 && /active price alerts/i.test(body.message))
    return `حداکثر ${formatNumber(MAX_ACTIVE_ALERTS)} اعلان قیمت فعال می‌توانید داشته باشید؛ یکی را متوقف یا حذف کنید.`;
  return apiErrorMessage(error);
}
