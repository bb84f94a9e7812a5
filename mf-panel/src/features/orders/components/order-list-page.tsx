import { useSearchParams } from '@steel/shared/router';
import { formatNumber, formatPersianDate, pageFromQuery } from '@steel/shared';
import { RecordListItem, RecordListPage } from '../../../ui/record-list-page';
import { useOrderList } from '../../../entities/order/order-queries';
import {
  ORDER_STATUSES,
  ORDER_STATUS_NAMES,
  isOrderStatus,
  orderStatusName,
  orderStatusTone,
} from '../../../entities/order/order-status';
import { inputClass, labelClass } from '@steel/shared/forms';

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

  const statusFilter = (
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
  );

  return (
    <RecordListPage
      title="سفارش‌ها"
      newRecord={{ to: '/panel/order/new', label: 'ثبت سفارش جدید' }}
      toolbar={statusFilter}
      query={query}
      listLabel="فهرست سفارش‌ها"
      page={page}
    >
      {(order) => (
        <RecordListItem
          key={order.documentId}
          to={`/panel/order/${order.documentId}`}
          name={
            <>
              سفارش <bdi>{order.number}</bdi>
            </>
          }
          details={`${formatPersianDate(order.createdAt)} · ${formatNumber(order.items?.length ?? 0)} قلم`}
          status={{ label: orderStatusName(order.status), tone: orderStatusTone(order.status) }}
        />
      )}
    </RecordListPage>
  );
}
