import { useSearchParams } from 'react-router';
import { Link, PageHeader, formatNumber, formatPersianDate } from '@steel/shared';
import { Pager } from '../../../ui/pager';
import { EmptyBlock, QueryState } from '../../../ui/query-state';
import { StatusBadge } from '../../../ui/status-badge';
import { card, inputClass, labelClass, linkText, primaryButton } from '../../../ui/styles';
import { useOrderList } from '../api/order-queries';
import { ORDER_STATUSES, ORDER_STATUS_NAMES, isOrderStatus, orderStatusName, orderStatusTone } from '../order-status';

/** `/panel/order`: the customer's orders, newest first; status filter and page live in the URL. */
export function OrderListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  const status = isOrderStatus(statusParam) ? statusParam : undefined;
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const query = useOrderList({ page, status });

  const update = (next: { status?: string; page?: number }) => {
    const params = new URLSearchParams(searchParams);
    if (next.status !== undefined) {
      if (next.status) params.set('status', next.status);
      else params.delete('status');
      params.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) params.set('page', String(next.page));
      else params.delete('page');
    }
    setSearchParams(params);
  };

  return (
    <section>
      <PageHeader title="سفارش‌ها" breadcrumb={[{ label: 'پنل کاربری', to: '/panel' }, { label: 'سفارش‌ها' }]} />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <label className={`${labelClass} w-full max-w-xs`}>
          وضعیت
          <select className={inputClass} value={status ?? ''} onChange={(event) => update({ status: event.target.value })}>
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
      <QueryState query={query}>
        {(list) =>
          list.data.length === 0 ? (
            <EmptyBlock />
          ) : (
            <>
              <ul aria-label="فهرست سفارش‌ها" className="flex flex-col gap-3" aria-busy={query.isFetching}>
                {list.data.map((order) => (
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
                ))}
              </ul>
              <Pager page={page} pageCount={list.meta.pagination?.pageCount ?? 1} onPage={(next) => update({ page: next })} />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
