import { useParams } from '@steel/shared/router';
import {
  ColumnHeads,
  formatNumber,
  formatPersianDate,
  formatToman,
  PageHeader,
  ConfirmAction,
  QueryState,
  QuoteTotalsList,
  quotedLineTotal,
  StatusBadge,
  card,
  apiErrorMessage,
} from '@steel/shared';
import { useCancelOrder, useOrder, type Order } from '../../../entities/order/order-queries';
import { estimatedLineTotal, estimatedOrderTotal, saleUnitName } from '../order-lines';
import { ApproximatePricesNote } from '../../../ui/approximate-prices-note';
import { canCustomerCancelOrder, orderStatusName, orderStatusTone } from '../../../entities/order/order-status';

const crumbs = [
  { label: 'پنل کاربری', to: '/panel' },
  { label: 'سفارش‌ها', to: '/panel/order' },
];

/** `/panel/order/:documentId`: items, illustrative prices, totals, status history, notes; cancel while allowed. */
export function OrderDetailPage() {
  const { documentId = '' } = useParams();
  const query = useOrder(documentId);
  if (query.isSuccess) {
    return (
      <section>
        <OrderDetail order={query.data.data} />
      </section>
    );
  }
  return (
    <section>
      <PageHeader title="جزئیات سفارش" breadcrumb={[...crumbs, { label: 'جزئیات سفارش' }]} />
      <QueryState query={query}>{() => null}</QueryState>
    </section>
  );
}

function OrderDetail({ order }: { order: Order }) {
  return (
    <>
      <PageHeader title={`سفارش ${order.number}`} breadcrumb={[...crumbs, { label: 'جزئیات سفارش' }]}>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
          <StatusBadge label={orderStatusName(order.status)} tone={orderStatusTone(order.status)} />
          <span>ثبت: {formatPersianDate(order.createdAt)}</span>
        </div>
      </PageHeader>

      <div className="flex flex-col gap-6">
        {order.inquiry_number ? <QuotedItems order={order} /> : <EstimatedItems order={order} />}

        <div className={card}>
          <h2 className="mb-3 text-lg font-semibold">تاریخچه وضعیت</h2>
          <ol className="flex flex-col gap-2 text-sm" aria-label="تاریخچه وضعیت">
            {(order.status_history ?? []).map((change, index) => (
              <li key={`${change.status}-${index}`} className="flex flex-wrap items-center gap-2">
                <StatusBadge label={orderStatusName(change.status)} tone={orderStatusTone(change.status)} />
                <span className="text-slate-600 dark:text-slate-300">{formatPersianDate(change.at)}</span>
              </li>
            ))}
          </ol>
        </div>

        {(order.note || order.delivery_address || order.contact_phone) && (
          <div className={card}>
            <h2 className="mb-3 text-lg font-semibold">توضیحات و تحویل</h2>
            <dl className="flex flex-col gap-2 text-sm">
              {order.delivery_address && (
                <div>
                  <dt className="font-semibold">محل تحویل</dt>
                  <dd className="whitespace-pre-wrap">{order.delivery_address}</dd>
                </div>
              )}
              {order.contact_phone && (
                <div>
                  <dt className="font-semibold">شماره تماس</dt>
                  <dd>
                    <bdi>{order.contact_phone}</bdi>
                  </dd>
                </div>
              )}
              {order.note && (
                <div>
                  <dt className="font-semibold">توضیحات</dt>
                  <dd className="whitespace-pre-wrap">{order.note}</dd>
                </div>
              )}
            </dl>
          </div>
        )}

        {canCustomerCancelOrder(order.status) && <CancelOrder documentId={order.documentId} />}
      </div>
    </>
  );
}

/**
 * An order made from an accepted quote: the quote's lines at the quoted price per sale unit, the
 * shipping, the tax and the total, exactly as the pro-forma states them — nothing approximate.
 */
function QuotedItems({ order }: { order: Order }) {
  const items = order.items ?? [];
  return (
    <div className={card} data-quoted-order={order.inquiry_number}>
      <h2 className="mb-1 text-lg font-semibold">اقلام سفارش</h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        به قیمت پیش‌فاکتور استعلام <bdi>{order.inquiry_number}</bdi>
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <ColumnHeads compact columns={['محصول', 'مقدار', 'بهای واحد', 'بهای کل']} />
          <tbody>
            {items.map((item, index) => (
              <tr key={item.id ?? index} className="border-t border-slate-200 dark:border-slate-700">
                <td className="p-2">{item.product_name ?? item.product_slug}</td>
                <td className="p-2">
                  {formatNumber(item.quantity)} {saleUnitName(item.sale_unit)}
                </td>
                <td className="p-2">{formatToman(item.quoted_unit_price)}</td>
                <td className="p-2">{formatToman(quotedLineTotal(item))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <QuoteTotalsList
        className="mt-3 text-sm"
        data-order-total={order.total_price}
        totals={{
          lines: Number(order.lines_total),
          shipping: Number(order.shipping_price),
          taxRatePercent: Number(order.tax_rate_percent),
          tax: Number(order.tax_price),
          total: Number(order.total_price),
        }}
      />
    </div>
  );
}

/** An order request made in the panel: the catalogue's illustrative prices, an estimate until the pro-forma. */
function EstimatedItems({ order }: { order: Order }) {
  const items = order.items ?? [];
  const estimate = estimatedOrderTotal(items);
  return (
    <div className={card}>
      <h2 className="mb-3 text-lg font-semibold">اقلام سفارش</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <ColumnHeads compact columns={['محصول', 'مقدار', 'قیمت هر کیلوگرم (تقریبی)', 'جمع تقریبی']} />
          <tbody>
            {items.map((item, index) => {
              const line = estimatedLineTotal(item);
              return (
                <tr key={item.id ?? index} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="p-2">{item.product_name ?? item.product_slug}</td>
                  <td className="p-2">
                    {formatNumber(item.quantity)} {saleUnitName(item.sale_unit)}
                  </td>
                  <td className="p-2">{item.unit_price ? formatToman(item.unit_price) : 'تماس بگیرید'}</td>
                  <td className="p-2">{line === null ? 'در پیش‌فاکتور' : formatToman(line)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <dl className="mt-3 flex flex-col gap-1 text-sm">
        {order.total_price ? (
          <div className="flex gap-2">
            <dt className="font-semibold">مبلغ پیش‌فاکتور:</dt>
            <dd>{formatToman(order.total_price)}</dd>
          </div>
        ) : null}
        <div className="flex gap-2">
          <dt className="font-semibold">جمع تقریبی:</dt>
          <dd>
            {estimate.total > 0
              ? `${formatToman(estimate.total)}${estimate.complete ? '' : ' (بدون اقلامی که در پیش‌فاکتور قیمت می‌خورند)'}`
              : 'در پیش‌فاکتور'}
          </dd>
        </div>
      </dl>
      <ApproximatePricesNote />
    </div>
  );
}

function CancelOrder({ documentId }: { documentId: string }) {
  const cancel = useCancelOrder();
  return (
    <ConfirmAction
      busy={cancel.isPending}
      failure={cancel.isError ? apiErrorMessage(cancel.error) : null}
      run={() => cancel.mutateAsync(documentId)}
      label="لغو سفارش"
      question="این سفارش لغو شود؟"
      confirmLabel="تأیید لغو سفارش"
      pendingLabel="در حال لغو…"
    />
  );
}
