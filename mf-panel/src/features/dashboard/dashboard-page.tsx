import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Link,
  PageHeader,
  PriceChangeIndicator,
  Slot,
  formatNumber,
  formatPersianDate,
  priceChangeBetween,
  useShell,
  EmptyBlock,
  QueryState,
  StatusBadge,
  card,
  linkText,
} from '@steel/shared';
import { ClipboardList, LifeBuoy, Landmark, Star, UserRound } from 'lucide-react';
// The dashboard is the one page that shows every section: it reads their query declarations
// (the same keys, so visiting a section after the dashboard needs no second fetch).
import { useOrderCount, useOrderList } from '../../entities/order/order-queries';
import { ORDER_STATUSES, isOpenOrder, orderStatusName, orderStatusTone } from '../../entities/order/order-status';
import { useOpenTicketCount, useTicketList } from '../../entities/ticket/ticket-queries';
import { ticketStatusName, ticketStatusTone } from '../../entities/ticket/ticket-status';
import { useWatchList } from '../../entities/watch-list/watch-list-queries';
import { reservationStatus, useReservationList } from '../../entities/warehouse/warehouse-queries';

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
        {/* Other teams' cards (an inquiry's quotes, price alerts): each its own root, gone when none is live. */}
        <Slot name="panel.dashboard" props={{}} className="grid gap-6 empty:hidden lg:grid-cols-2" />
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

function Panel({ title, more, children }: { title: string; more: { to: string; label: string }; children: ReactNode }) {
  return (
    <div className={card}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        <Link to={more.to} className={`${linkText} text-sm`}>
          {more.label}
        </Link>
      </div>
      {children}
    </div>
  );
}

/**
 * The dashboard's "latest …" blocks: a titled card with a link to the whole section, the items of
 * one query as a list (or «موردی برای نمایش وجود ندارد»), each item drawn by `item`.
 */
function LatestPanel<T, Item extends { documentId: string }>({
  title,
  more,
  query,
  items,
  item,
  empty,
  listProps,
}: {
  title: string;
  more: { to: string; label: string };
  query: UseQueryResult<T>;
  items: (data: T) => Item[];
  item: (entry: Item) => ReactNode;
  empty?: ReactNode;
  listProps?: Record<`data-${string}`, boolean>;
}) {
  return (
    <Panel title={title} more={more}>
      <QueryState query={query}>
        {(data) => {
          const entries = items(data);
          if (entries.length === 0) return <EmptyBlock>{empty}</EmptyBlock>;
          return (
            <ul className="flex flex-col gap-2" {...listProps}>
              {entries.map((entry) => (
                <li key={entry.documentId} className="flex flex-wrap items-center justify-between gap-2">
                  {item(entry)}
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </Panel>
  );
}

function LatestOrders() {
  return (
    <LatestPanel
      title="آخرین سفارش‌ها"
      more={{ to: '/panel/order', label: 'همه سفارش‌ها' }}
      query={useOrderList({ page: 1, pageSize: LATEST })}
      items={(list) => list.data}
      item={(order) => (
        <>
          <Link to={`/panel/order/${order.documentId}`} className={linkText}>
            سفارش <bdi>{order.number}</bdi>
          </Link>
          <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
            {formatPersianDate(order.createdAt)}
            <StatusBadge label={orderStatusName(order.status)} tone={orderStatusTone(order.status)} />
          </span>
        </>
      )}
    />
  );
}

function LatestTickets() {
  return (
    <LatestPanel
      title="آخرین تیکت‌ها"
      more={{ to: '/panel/ticket', label: 'همه تیکت‌ها' }}
      query={useTicketList(1, LATEST)}
      items={(list) => list.data}
      item={(ticket) => (
        <>
          <Link to={`/panel/ticket/${ticket.documentId}`} className={linkText}>
            {ticket.subject}
          </Link>
          <StatusBadge label={ticketStatusName(ticket.status)} tone={ticketStatusTone(ticket.status)} />
        </>
      )}
    />
  );
}

/** Watched products whose price moved since they were added: a rise green ▲, a fall red ▼, as on every screen. */
function PriceChanges() {
  return (
    <LatestPanel
      title="تغییر قیمت محصولات من"
      more={{ to: '/panel/product', label: 'محصولات من' }}
      query={useWatchList()}
      items={(entries) =>
        entries.flatMap((entry) => {
          const change = priceChangeBetween(entry.added_price, entry.product?.price);
          return entry.product && change ? [{ documentId: entry.documentId, product: entry.product, change }] : [];
        })
      }
      empty="تغییری برای نمایش نیست."
      item={({ product, change }) => (
        <>
          <Link to={`/product/${product.slug}`} className={linkText}>
            {product.name}
          </Link>
          <span className="text-sm">
            <PriceChangeIndicator change={change} since="از زمان افزودن" />
          </span>
        </>
      )}
    />
  );
}

/** Warehouse reservations made on `/reserve_warehouse`; the panel has no section of its own for them yet. */
function LatestReservations() {
  return (
    <LatestPanel
      title="رزروهای انبار"
      more={{ to: '/reserve_warehouse', label: 'رزرو جدید' }}
      query={useReservationList(5)}
      items={(list) => list.data}
      listProps={{ 'data-warehouse-reservations': true }}
      item={(reservation) => {
        const status = reservationStatus(reservation.status);
        return (
          <>
            <span>
              {reservation.product_description ?? 'کالا'} — {formatNumber(reservation.quantity_tonnes)} تن
            </span>
            <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
              {formatPersianDate(reservation.createdAt)}
              <StatusBadge label={status.name} tone={status.tone} />
            </span>
          </>
        );
      }}
    />
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
