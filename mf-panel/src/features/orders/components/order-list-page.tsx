import { useSearchParams } from 'react-router';
import { Link, PageHeader, formatNumber, formatPersianDate, pageFromQuery } from '@steel/shared';
import { RecordList } from '../../../ui/record-list';
import { StatusBadge } from '../../../ui/status-badge';
import { card, inputClass, labelClass, linkText, primaryButton } from '../../../ui/styles';
import { useOrderList } from '../../../entities/order/order-queries';
import {
  ORDER_STATUSES,
  ORDER_STATUS_NAMES,
  isOrderStatus,
  orderStatusName,
  orderStatusTone,
} from '../../../entities/order/order-status';

/** `/panel/order`: the customer's orders, newest first; status filter and page live in the URL. */
export function OrderListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  const status = isOrderStatus(statusParam) ? statusParam : undefined;
  const page = pageFromQuery(searchParams);
  const query = useOrderList({ page, status });

  /** A new status starts again on page 1 (the page is dropped with the old filter). */
  const setStatus = (value: string) => {
    const params = new URLSearchParams(searchParams);
    if (value) params.set('status', value);
    else params.delete('status');
    params.delete('page');
    setSearchParams(params);
  };

  return (
    <section>
      <PageHeader title="سفارش‌ها" breadcrumb={[{ label: 'پنل کاربری', to: '/panel' }, { label: 'سفارش‌ها' }]} />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <label className={`${labelClass} w-full max-w-xs`}>
          وضعیت
          <select className={inputClass} value={status ?? ''} onChange={(event) => setStatus(event.target.value)}>
            <option value="">همه</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {ORDER_STATUS_NAMES[value]}
              </option>
            ))}
          </select>
        </label>
        <Link to="/panel/order/new" className={primaryButton}>
          ثبت سفارش جدید
        </Link>
      </div>
      <RecordList query={query} label="فهرست سفارش‌ها" page={page}>
        {(order) => (
          <li key={order.documentId} className={`${card} flex flex-wrap items-center justify-between gap-3`}>
            <div className="flex flex-col gap-1">
              <Link to={`/panel/order/${order.documentId}`} className={`${linkText} font-semibold`}>
                سفارش <bdi>{order.number}</bdi>
              </Link>
              <span className="text-sm text-slate-600 dark:text-slate-300">
                {formatPersianDate(order.createdAt)} · {formatNumber(order.items?.length ?? 0)} قلم
              </span>
            </div>
            <StatusBadge label={orderStatusName(order.status)} tone={orderStatusTone(order.status)} />
          </li>
        )}
      </RecordList>
    </section>
  );
}
