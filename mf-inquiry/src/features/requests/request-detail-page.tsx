import { useParams } from '@steel/shared/router';
import {
  ColumnHeads,
  formatNumber,
  formatPersianDate,
  formatPersianDateTime,
  formatToman,
  Link,
  PageHeader,
  unitLabelFa,
  ConfirmAction,
  QueryState,
  QuoteTotalsList,
  StatusBadge,
  card,
  linkInText,
  secondaryButton,
  TableScroller,
} from '@steel/shared';
import type { Inquiry } from '../../entities/inquiry/inquiry';
import { useAcceptQuote, useCancelInquiry, useInquiry } from '../../entities/inquiry/inquiry-queries';
import { inquiryErrorMessage } from '../../entities/inquiry/inquiry-error-message';
import {
  canAccept,
  canCancel,
  currentStatus,
  hasQuote,
  inquiryStatusLook,
} from '../../entities/inquiry/inquiry-status';
import { indicativeLineTotal, quotedLineTotal, quoteTotals } from '../../entities/inquiry/inquiry-totals';
import { useFocusHeading } from '../../ui/use-focus-heading';
import { REQUESTS_CRUMB } from './crumbs';

const crumbs = [REQUESTS_CRUMB.basket, REQUESTS_CRUMB.list, { label: 'جزئیات استعلام' }];

/** The panel's page of an order (`/panel/order/:documentId`): where an accepted quote's order is followed. */
export const orderPath = (documentId: string) => `/panel/order/${encodeURIComponent(documentId)}`;

/**
 * `/inquiry/requests/:documentId`: the lines with the indicative prices beside the quoted ones,
 * shipping, tax and total, the quote's validity; accept (asked twice) or withdraw while allowed.
 */
export function RequestDetailPage() {
  const { documentId = '' } = useParams();
  const query = useInquiry(documentId);
  useFocusHeading(!query.isPending);
  if (query.isSuccess) return <InquiryDetail inquiry={query.data} />;
  return (
    <section>
      <PageHeader title="جزئیات استعلام" breadcrumb={crumbs} />
      <QueryState query={query}>{() => null}</QueryState>
    </section>
  );
}

function InquiryDetail({ inquiry }: { inquiry: Inquiry }) {
  const status = currentStatus(inquiry);
  const look = inquiryStatusLook(status);
  const totals = hasQuote(status) ? quoteTotals(inquiry) : null;
  const lines = inquiry.lines ?? [];
  return (
    <section data-inquiry={inquiry.number}>
      <PageHeader title={`استعلام ${inquiry.number}`} breadcrumb={crumbs}>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
          <StatusBadge label={look.name} tone={look.tone} />
          <span>ارسال: {formatPersianDate(inquiry.createdAt)}</span>
          <span>تحویل در: {inquiry.city_name ?? inquiry.province_name ?? inquiry.province_slug}</span>
        </div>
      </PageHeader>

      <div className="flex flex-col gap-6">
        <div className={card}>
          <h2 className="mb-3 text-lg font-semibold">اقلام</h2>
          <TableScroller>
            <table className="w-full text-sm">
              <caption className="sr-only">اقلام استعلام با قیمت نمایشی و قیمت پیشنهادی</caption>
              <ColumnHeads compact columns={['محصول', 'مقدار', 'وزن تقریبی', 'قیمت نمایشی', 'قیمت پیشنهادی']} />
              <tbody>
                {lines.map((line, index) => {
                  const indicative = indicativeLineTotal(line);
                  const quoted = quotedLineTotal(line);
                  const saleUnit = unitLabelFa(line.sale_unit ?? line.unit ?? '');
                  return (
                    <tr
                      key={line.id ?? index}
                      className="border-t border-slate-200 dark:border-slate-700"
                      data-inquiry-line={line.product_slug}
                    >
                      <th scope="row" className="p-2 text-start font-medium">
                        {line.product_name ?? line.product_slug}
                      </th>
                      <td className="p-2">
                        {formatNumber(line.quantity)} {saleUnit}
                      </td>
                      <td className="p-2">
                        {Number(line.weight_kg) > 0
                          ? `${formatNumber(Math.round(Number(line.weight_kg)))} کیلوگرم`
                          : '—'}
                      </td>
                      <td className="p-2">
                        {indicative === null ? 'با استعلام' : formatToman(indicative)}
                        {line.indicative_unit_price && line.unit ? (
                          <span className="block text-xs text-slate-500 dark:text-slate-400">
                            هر {unitLabelFa(line.unit)} {formatToman(line.indicative_unit_price)}
                          </span>
                        ) : null}
                      </td>
                      <td className="p-2 font-semibold">
                        {quoted === null ? (
                          'در انتظار قیمت'
                        ) : (
                          <>
                            {formatToman(quoted)}
                            <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
                              هر {saleUnit} {formatToman(line.quoted_unit_price)}
                            </span>
                          </>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroller>
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            قیمت نمایشی، قیمت روز محصول هنگام ارسال استعلام است؛ قیمت پیشنهادی را کارشناس فروش برای شما تعیین کرده است.
          </p>
        </div>

        <div className={card}>
          <h2 className="mb-3 text-lg font-semibold">جمع</h2>
          <QuoteSummary inquiry={inquiry} totals={totals} status={status} />
        </div>

        {inquiry.operator_note && (
          <div className={card}>
            <h2 className="mb-3 text-lg font-semibold">توضیح کارشناس فروش</h2>
            <p className="whitespace-pre-wrap text-sm">{inquiry.operator_note}</p>
          </div>
        )}

        {inquiry.note && (
          <div className={card}>
            <h2 className="mb-3 text-lg font-semibold">توضیحات شما</h2>
            <p className="whitespace-pre-wrap text-sm">{inquiry.note}</p>
          </div>
        )}

        <Actions inquiry={inquiry} status={status} />
      </div>
    </section>
  );
}

function QuoteSummary({
  inquiry,
  totals,
  status,
}: {
  inquiry: Inquiry;
  totals: ReturnType<typeof quoteTotals>;
  status: ReturnType<typeof currentStatus>;
}) {
  if (!totals) {
    return (
      <dl className="flex flex-col gap-1 text-sm">
        <div className="flex gap-2">
          <dt className="font-semibold">هزینهٔ تقریبی حمل:</dt>
          <dd>{inquiry.shipping_estimate !== null ? formatToman(inquiry.shipping_estimate) : '—'}</dd>
        </div>
        <div>
          <dd className="text-slate-600 dark:text-slate-300">
            {status === 'cancelled'
              ? 'این استعلام لغو شده است.'
              : status === 'declined'
                ? 'متأسفانه قیمت‌گذاری این استعلام ممکن نشد؛ توضیح کارشناس فروش را ببینید یا استعلام تازه‌ای بفرستید.'
                : 'کارشناسان ما اقلام را قیمت‌گذاری می‌کنند؛ پیش‌فاکتور با مالیات و هزینهٔ حمل همین‌جا نشان داده می‌شود.'}
          </dd>
        </div>
      </dl>
    );
  }
  return (
    <QuoteTotalsList totals={totals} className="text-sm" data-quote-total={totals.total}>
      {inquiry.quote_expires_at && (
        <>
          <dt>اعتبار پیش‌فاکتور تا</dt>
          <dd>{formatPersianDateTime(inquiry.quote_expires_at)}</dd>
        </>
      )}
    </QuoteTotalsList>
  );
}

function Actions({ inquiry, status }: { inquiry: Inquiry; status: ReturnType<typeof currentStatus> }) {
  const accept = useAcceptQuote();
  const cancel = useCancelInquiry();
  const orderDocumentId = accept.data?.order.documentId ?? inquiry.order_document_id ?? null;
  const orderNumber = accept.data?.order.number ?? inquiry.order_number ?? null;
  return (
    <div className="flex flex-col gap-4">
      {/* Announced when it changes: the acceptance's outcome, the quote's lapse. */}
      <div aria-live="polite" role="status" className="empty:hidden">
        {(status === 'accepted' || accept.isSuccess) && (
          <p className="rounded-md border border-primary-300 bg-primary-50 p-3 text-sm text-primary-900 dark:border-primary-700 dark:bg-slate-900 dark:text-primary-100">
            پیش‌فاکتور پذیرفته شد
            {orderNumber ? (
              <>
                {' '}
                و سفارش <bdi>{orderNumber}</bdi> ثبت شد
              </>
            ) : null}
            .{' '}
            <Link to={orderDocumentId ? orderPath(orderDocumentId) : '/panel/order'} className={linkInText}>
              {orderDocumentId ? 'مشاهدهٔ سفارش' : 'سفارش‌های من'}
            </Link>
          </p>
        )}
        {status === 'expired' && (
          <p className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600">
            مهلت این پیش‌فاکتور گذشته است
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-4">
        {hasQuote(status) && (
          <Link to={`/inquiry/requests/${inquiry.documentId}/proforma`} className={secondaryButton}>
            پیش‌فاکتور
          </Link>
        )}
        {canAccept(status) && !accept.isSuccess && (
          <ConfirmAction
            busy={accept.isPending}
            failure={accept.isError ? inquiryErrorMessage(accept.error, 'accept') : null}
            run={() => accept.mutateAsync(inquiry.documentId)}
            label="پذیرش پیش‌فاکتور"
            question="با پذیرش، این پیش‌فاکتور به سفارش شما تبدیل می‌شود. پذیرفته شود؟"
            confirmLabel="تأیید و ثبت سفارش"
            pendingLabel="در حال ثبت سفارش…"
            tone="primary"
          />
        )}
        {canCancel(status) && !accept.isSuccess && (
          <ConfirmAction
            busy={cancel.isPending}
            failure={cancel.isError ? inquiryErrorMessage(cancel.error, 'cancel') : null}
            run={() => cancel.mutateAsync(inquiry.documentId)}
            label="لغو استعلام"
            question="این استعلام لغو شود؟"
            confirmLabel="تأیید لغو استعلام"
            pendingLabel="در حال لغو…"
            tone="danger"
          />
        )}
      </div>
    </div>
  );
}
