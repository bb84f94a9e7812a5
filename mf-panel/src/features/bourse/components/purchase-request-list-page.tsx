import { useSearchParams } from '@steel/shared/router';
import {
  formatNumber,
  formatPersianDate,
  formatRial,
  pageFromQuery,
  ConfirmAction,
  StatusBadge,
  card,
  apiErrorMessage,
} from '@steel/shared';
import { RecordListPage } from '../../../ui/record-list-page';
import { useCancelPurchaseRequest, usePurchaseRequests, type PurchaseRequest } from '../api/bourse-queries';
import { canCancelPurchaseRequest, purchaseRequestStatusName, purchaseRequestTone } from '../purchase-request-status';

/** `/panel/bourse`: the customer's exchange purchase requests (offer, volume, price ceiling, status). */
export function PurchaseRequestListPage() {
  const [searchParams] = useSearchParams();
  const page = pageFromQuery(searchParams);
  const query = usePurchaseRequests(page);
  return (
    <RecordListPage
      title="بورس"
      newRecord={{ to: '/panel/bourse/new', label: 'درخواست خرید جدید' }}
      toolbar={
        <p className="self-center text-sm text-slate-600 dark:text-slate-300">
          درخواست‌های خرید شما از عرضه‌های بورس کالا
        </p>
      }
      query={query}
      listLabel="درخواست‌های خرید"
      page={page}
    >
      {(request) => <PurchaseRequestItem key={request.documentId} request={request} />}
    </RecordListPage>
  );
}

function PurchaseRequestItem({ request }: { request: PurchaseRequest }) {
  const cancel = useCancelPurchaseRequest();
  const offer = request.exchange_offer;
  return (
    <li className={`${card} flex flex-col gap-3`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <span className="font-semibold">{offer?.commodity ?? request.commodity ?? 'درخواست خرید'}</span>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {offer ? (
              <>
                عرضه <bdi>{offer.offer_code}</bdi> · {formatPersianDate(offer.offer_date)} ·{' '}
              </>
            ) : null}
            ثبت: {formatPersianDate(request.createdAt)}
          </span>
        </div>
        <StatusBadge label={purchaseRequestStatusName(request.status)} tone={purchaseRequestTone(request.status)} />
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="font-semibold">حجم درخواستی:</dt>
          <dd>{formatNumber(request.quantity_tonnes)} تن</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-semibold">سقف قیمت (هر کیلوگرم):</dt>
          <dd>{request.max_price ? formatRial(request.max_price) : 'بدون سقف'}</dd>
        </div>
      </dl>
      {canCancelPurchaseRequest(request.status) && (
        <ConfirmAction
          busy={cancel.isPending}
          failure={cancel.isError ? apiErrorMessage(cancel.error) : null}
          run={() => cancel.mutateAsync(request.documentId)}
          label="لغو درخواست"
          question="این درخواست لغو شود؟"
          confirmLabel="تأیید لغو درخواست"
          pendingLabel="در حال لغو…"
        />
      )}
    </li>
  );
}
