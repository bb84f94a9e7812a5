import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing, MailCheck, Trash2 } from 'lucide-react';
import {
  ColumnHeads,
  Link,
  PageHeader,
  formatPersianDateTime,
  formatToman,
  useLimitedQuery,
  useShell,
  type PageDefinition,
  QueryState,
  card,
  linkText,
  secondaryButton,
  TableScroller,
} from '@steel/shared';
import {
  alertErrorMessage,
  alertKey,
  alertListQuery,
  notificationsQuery,
  type PriceAlert,
  type PriceNotification,
} from './alert-queries';

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-wait disabled:opacity-70 dark:hover:bg-slate-800';

/** A change to the buyer's alerts or notifications: the lists refetch after it, and a refusal is a toast in Persian. */
function useAlertWrite<Input>(write: (input: Input) => Promise<unknown>) {
  const { bus, session } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onError: (error) =>
      bus.emit('toast:add', { title: 'تغییر انجام نشد', description: alertErrorMessage(error), color: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKey(session) }),
  });
}

function AlertRow({ alert }: { alert: PriceAlert }) {
  const { api } = useShell();
  const name = alert.product_name ?? alert.product_slug;
  const toggle = useAlertWrite((active: boolean) => api.update('price-alerts', alert.documentId, { active }));
  const remove = useAlertWrite(() => api.delete('price-alerts', alert.documentId));
  const busy = toggle.isPending || remove.isPending;
  return (
    <tr className="border-t border-slate-200 dark:border-slate-700" data-price-alert={alert.product_slug}>
      <th scope="row" className="p-3 text-start font-medium">
        {alert.product_path ? (
          <Link to={alert.product_path} className={linkText}>
            {name}
          </Link>
        ) : (
          name
        )}
      </th>
      <td className="p-3">کمتر از {formatToman(alert.below_price)}</td>
      <td className="p-3">{alert.last_fired_at ? formatPersianDateTime(alert.last_fired_at) : 'هنوز نه'}</td>
      <td className="p-3">{alert.active ? 'فعال' : 'متوقف'}</td>
      <td className="p-3">
        <span className="flex gap-1" aria-busy={busy}>
          <button
            type="button"
            className={iconButton}
            disabled={busy}
            onClick={() => toggle.mutate(!alert.active)}
            aria-label={alert.active ? `توقف اعلان «${name}»` : `ادامهٔ اعلان «${name}»`}
          >
            {alert.active ? (
              <BellOff aria-hidden="true" className="size-4" />
            ) : (
              <BellRing aria-hidden="true" className="size-4" />
            )}
          </button>
          <button
            type="button"
            className={`${iconButton} text-red-700 dark:text-red-400`}
            disabled={busy}
            onClick={() => remove.mutate(undefined)}
            aria-label={`حذف اعلان «${name}»`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </span>
      </td>
    </tr>
  );
}

function AlertList() {
  const { api, session } = useShell();
  const alerts = useLimitedQuery(alertListQuery(api, session));
  return (
    <section aria-labelledby="price-alerts-heading" className="flex flex-col gap-3">
      <h2 id="price-alerts-heading" className="text-lg font-semibold">
        اعلان‌های قیمت من
      </h2>
      <QueryState query={alerts}>
        {(list) =>
          list.length === 0 ? (
            <p className={card}>
              اعلانی ندارید. در صفحهٔ هر محصول «خبرم کن وقتی قیمت کمتر از … شد» را باز کنید و مبلغ را بنویسید.
            </p>
          ) : (
            <TableScroller bordered>
              <table className="w-full text-sm">
                <caption className="sr-only">اعلان‌های قیمت، آستانهٔ هر کدام و آخرین اعلان</caption>
                <ColumnHeads
                  shaded
                  columns={[
                    'محصول',
                    'خبرم کن وقتی قیمت',
                    'آخرین اعلان',
                    'وضعیت',
                    <span className="sr-only">توقف، ادامه یا حذف</span>,
                  ]}
                />
                <tbody>
                  {list.map((alert) => (
                    <AlertRow key={alert.documentId} alert={alert} />
                  ))}
                </tbody>
              </table>
            </TableScroller>
          )
        }
      </QueryState>
    </section>
  );
}

function NotificationItem({ notification }: { notification: PriceNotification }) {
  const { api } = useShell();
  const markRead = useAlertWrite(() =>
    api.update('notifications', notification.documentId, { read_at: new Date().toISOString() }),
  );
  const unread = notification.read_at === null;
  return (
    <li className={`${card} flex flex-col gap-1`} data-notification={notification.documentId} data-unread={unread}>
      <h3 className="font-semibold">
        {unread && <span className="sr-only">خوانده‌نشده: </span>}
        {notification.product_path ? (
          <Link to={notification.product_path} className={linkText}>
            {notification.title}
          </Link>
        ) : (
          notification.title
        )}
      </h3>
      {notification.body && <p className="text-sm text-slate-700 dark:text-slate-200">{notification.body}</p>}
      <p className="flex flex-wrap items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
        {formatPersianDateTime(notification.createdAt)}
        {unread ? (
          <button
            type="button"
            className={secondaryButton}
            disabled={markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
            aria-label={`علامت خوانده‌شده برای «${notification.title}»`}
          >
            <MailCheck aria-hidden="true" className="size-4" />
            خواندم
          </button>
        ) : (
          <span>خوانده‌شده</span>
        )}
      </p>
    </li>
  );
}

function NotificationList() {
  const { api, session } = useShell();
  const notifications = useLimitedQuery(notificationsQuery(api, session));
  return (
    <section aria-labelledby="notifications-heading" className="flex flex-col gap-3">
      <h2 id="notifications-heading" className="text-lg font-semibold">
        پیام‌های اعلان قیمت
      </h2>
      <QueryState query={notifications}>
        {({ latest }) =>
          latest.length === 0 ? (
            <p className={card}>هنوز پیامی نیامده است.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {latest.map((notification) => (
                <NotificationItem key={notification.documentId} notification={notification} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function AlertsPage() {
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="اعلان‌های قیمت" breadcrumb={[{ label: 'اعلان‌های قیمت' }]}>
        <p className="text-slate-600 dark:text-slate-300">
          وقتی قیمت محصولی به مبلغی که تعیین کرده‌اید یا کمتر برسد، در پنل و با ایمیل خبرتان می‌کنیم؛ برای هر محصول
          حداکثر یک بار در روز. قیمت‌ها نمایشی‌اند.
        </p>
      </PageHeader>
      <AlertList />
      <NotificationList />
    </section>
  );
}

/** `/inquiry/alerts`: the signed-in buyer's price alerts and the notifications they sent. */
export const alertsPage: PageDefinition = {
  path: '/inquiry/alerts',
  rendering: 'browser',
  guards: ['auth'],
  head: () => ({
    title: 'اعلان‌های قیمت',
    description: 'اعلان‌های قیمت شما و پیام‌هایی که فرستاده‌اند.',
    canonical: '/inquiry/alerts',
    noindex: true,
  }),
  Page: AlertsPage,
};
