import type { ReactNode } from 'react';
import { Link, PageHeader, formatNumber, formatPersianDate, useShell } from '@steel/shared';
import { ClipboardList, LifeBuoy, Landmark, Star, UserRound } from 'lucide-react';
// The dashboard is the one page that shows every section: it reads their query declarations
// (the same keys, so visiting a section after the dashboard needs no second fetch).
import { useOrderCount, useOrderList } from '../orders/api/order-queries';
import { ORDER_STATUSES, isOpenOrder, orderStatusName, orderStatusTone } from '../orders/order-status';
import { useOpenTicketCount, useTicketList } from '../tickets/api/ticket-queries';
import { ticketStatusName, ticketStatusTone } from '../tickets/ticket-status';
import { useWatchList } from '../watch-list/api/watch-list-queries';
import { PRICE_DIRECTION_NAMES, priceChangeSince } from '../watch-list/price-change';
import { reservationStatus, useReservationList } from '../warehouse/warehouse-queries';
import { EmptyBlock, QueryState } from '../../ui/query-state';
import { StatusBadge } from '../../ui/status-badge';
import { card, linkText } from '../../ui/styles';

const OPEN_ORDER_STATUSES = ORDER_STATUSES.filter(isOpenOrder);
const LATEST = 3;

/** `/panel`: greeting, open orders and tickets, the latest of each, watch-list price changes, shortcuts. */
export function DashboardPage() {
  const { session } = useShell();
  const user = session.getUser();
  return (
    <section>
      <PageHeader title="پنل کاربری" breadcrumb={[{ label: 'پنل کاربری' }]}>
        {user && <p className="text-slate-700 dark:text-slate-200">سلام، {user.username}؛ خوش آمدید.</p>}
      </PageHeader>
      <div className="flex flex-col gap-6">
        <Counts />
        <div className="grid gap-6 lg:grid-cols-2">
          <LatestOrders />
          <LatestTickets />
        </div>
        <PriceChanges />
        <LatestReservations />
        <Shortcuts />
      </div>
    </section>
  );
}

function CountCard({ label, count, to }: { label: string; count: number | undefined; to: string }) {
  return (
    <Link to={to} className={`${card} flex flex-col gap-1 hover:border-primary-400`}>
      <span className="text-sm text-slate-600 dark:text-slate-300">{label}</span>
      <span className="text-3xl font-bold text-slate-900 dark:text-slate-50" aria-live="polite">
        {count === undefined ? '…' : formatNumber(count)}
      </span>
    </Link>
  );
}

function Counts() {
  const orders = useOrderCount(OPEN_ORDER_STATUSES);
  const tickets = useOpenTicketCount();
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-label="خلاصه">
      <CountCard label="سفارش‌های باز" count={orders.data} to="/panel/order" />
      <CountCard label="تیکت‌های باز" count={tickets.data} to="/panel/ticket" />
    </div>
  );
}

function Panel({ title, more, children }: { title: string; more?: { to: string; label: string }; children: ReactNode }) {
  return (
    <div className={card}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {more && (
          <Link to={more.to} className={`${linkText} text-sm`}>
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </div>
  );
}

function LatestOrders() {
  const query = useOrderList({ page: 1, pageSize: LATEST });
  return (
    <Panel title="آخرین سفارش‌ها" more={{ to: '/panel/order', label: 'همه سفارش‌ها' }}>
      <QueryState query={query}>
        {(list) =>
          list.data.length === 0 ? (
            <EmptyBlock />
          ) : (
            <ul className="flex flex-col gap-2">
              {list.data.map((order) => (
                <li key={order.documentId} className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={`/panel/order/${order.documentId}`} className={linkText}>
                    سفارش <bdi>{order.number}</bdi>
                  </Link>
                  <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                    {formatPersianDate(order.createdAt)}
                    <StatusBadge label={orderStatusName(order.status)} tone={orderStatusTone(order.status)} />
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Panel>
  );
}

function LatestTickets() {
  const query = useTicketList(1, LATEST);
  return (
    <Panel title="آخرین تیکت‌ها" more={{ to: '/panel/ticket', label: 'همه تیکت‌ها' }}>
      <QueryState query={query}>
        {(list) =>
          list.data.length === 0 ? (
            <EmptyBlock />
          ) : (
            <ul className="flex flex-col gap-2">
              {list.data.map((ticket) => (
                <li key={ticket.documentId} className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={`/panel/ticket/${ticket.documentId}`} className={linkText}>
                    {ticket.subject}
                  </Link>
                  <StatusBadge label={ticketStatusName(ticket.status)} tone={ticketStatusTone(ticket.status)} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Panel>
  );
}

function PriceChanges() {
  const query = useWatchList();
  return (
    <Panel title="تغییر قیمت محصولات من" more={{ to: '/panel/product', label: 'محصولات من' }}>
      <QueryState query={query}>
        {(entries) => {
          const changes = entries
            .map((entry) => ({ entry, change: priceChangeSince(entry.added_price, entry.product?.price) }))
            .filter((row) => row.entry.product && row.change);
          if (changes.length === 0) return <EmptyBlock>تغییری برای نمایش نیست.</EmptyBlock>;
          return (
            <ul className="flex flex-col gap-2">
              {changes.map(({ entry, change }) => (
                <li key={entry.documentId} className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={`/product/${entry.product!.slug}`} className={linkText}>
                    {entry.product!.name}
                  </Link>
                  <span className="flex items-center gap-2 text-sm">
                    <StatusBadge label={PRICE_DIRECTION_NAMES[change!.direction]} tone={change!.direction === 'rising' ? 'danger' : change!.direction === 'falling' ? 'success' : 'neutral'} />
                    <span>{formatNumber(Math.abs(change!.percent))}٪</span>
                  </span>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </Panel>
  );
}

/** Warehouse reservations made on `/reserve_warehouse`; the panel has no section of its own for them yet. */
function LatestReservations() {
  const query = useReservationList(5);
  return (
    <Panel title="رزروهای انبار" more={{ to: '/reserve_warehouse', label: 'رزرو جدید' }}>
      <QueryState query={query}>
        {(list) =>
          list.data.length === 0 ? (
            <EmptyBlock />
          ) : (
            <ul className="flex flex-col gap-2" data-warehouse-reservations>
              {list.data.map((reservation) => {
                const status = reservationStatus(reservation.status);
                return (
                  <li key={reservation.documentId} className="flex flex-wrap items-center justify-between gap-2">
                    <span>
                      {reservation.product_description ?? 'کالا'} — {formatNumber(reservation.quantity_tonnes)} تن
                    </span>
                    <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                      {formatPersianDate(reservation.createdAt)}
                      <StatusBadge label={status.name} tone={status.tone} />
                    </span>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
    </Panel>
  );
}

const SHORTCUTS = [
  { to: '/panel/order/new', label: 'ثبت سفارش جدید', Icon: ClipboardList },
  { to: '/panel/ticket/new', label: 'ارسال تیکت جدید', Icon: LifeBuoy },
  { to: '/panel/product', label: 'محصولات من', Icon: Star },
  { to: '/panel/bourse/new', label: 'درخواست خرید از بورس', Icon: Landmark },
  { to: '/panel/profile', label: 'ویرایش اطلاعات', Icon: UserRound },
];

function Shortcuts() {
  return (
    <nav aria-label="میان‌برها">
      <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {SHORTCUTS.map(({ to, label, Icon }) => (
          <li key={to}>
            <Link to={to} className={`${card} flex items-center gap-2 hover:border-primary-400`}>
              <Icon aria-hidden="true" className="h-5 w-5 text-primary-700 dark:text-primary-300" />
              <span>{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
