import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { Link, formatNumber, formatPersianDateTime, useSessionUser, useShell } from '@steel/shared';
import { notificationsQuery } from './alert-queries';

/** How many of the latest notifications the dashboard shows. */
const LATEST = 3;
const linkText = 'text-primary-700 hover:underline dark:text-primary-300';

/**
 * «اعلان‌های قیمت» on the panel's dashboard: the unread count and the latest few, linking to the
 * alerts page. Nothing for nobody signed in — which is how the server renders it (it renders for
 * nobody), so the browser hydrates nothing and fills the card in once it knows the buyer.
 */
export function AlertsCard() {
  const user = useSessionUser();
  return user ? <SignedInCard /> : null;
}

function SignedInCard() {
  const { api, session } = useShell();
  const notifications = useQuery(notificationsQuery(api, session, LATEST));
  const unread = notifications.data?.unread;
  return (
    <section
      aria-labelledby="price-alerts-card"
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      data-price-alerts-card
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="price-alerts-card" className="flex items-center gap-2 text-lg font-semibold">
          <BellRing aria-hidden="true" className="size-5" />
          اعلان‌های قیمت
        </h2>
        <Link to="/inquiry/alerts" className={`${linkText} text-sm`}>
          همه و تنظیم اعلان‌ها
        </Link>
      </div>
      <p aria-live="polite" data-unread-count={unread ?? ''}>
        {notifications.isError
          ? 'پیام‌ها خوانده نشد.'
          : unread === undefined
            ? 'در حال خواندن…'
            : unread === 0
              ? 'پیام خوانده‌نشده‌ای ندارید.'
              : `${formatNumber(unread)} پیام خوانده‌نشده`}
      </p>
      {notifications.data && notifications.data.latest.length > 0 && (
        <ul className="mt-2 flex flex-col gap-2 text-sm">
          {notifications.data.latest.map((notification) => (
            <li key={notification.documentId} className="flex flex-col">
              <span className={notification.read_at ? '' : 'font-semibold'}>
                {notification.read_at ? '' : <span className="sr-only">خوانده‌نشده: </span>}
                {notification.title}
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {formatPersianDateTime(notification.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
