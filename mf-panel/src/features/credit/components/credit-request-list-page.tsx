import { useSearchParams } from '@steel/shared/router';
import {
  formatPersianDate,
  formatRial,
  pageFromQuery,
  persianFigure,
  StatusBadge,
  card,
  useLimitedQuery,
  useShell,
} from '@steel/shared';
import { RecordListPage } from '../../../ui/record-list-page';
import { creditTermsQuery, useCreditRequests, type CreditRequest, type CreditTerms } from '../api/credit-queries';
import { CREDIT_PANEL_TITLE, CREDIT_PATH } from '../credit-paths';
import { creditRequestStatusName, creditRequestTone } from '../credit-request-status';

/** `/panel/credit`: the customer's credit requests, each with its status and the operator's note. */
export function CreditRequestListPage() {
  const [searchParams] = useSearchParams();
  const page = pageFromQuery(searchParams);
  const query = useCreditRequests(page);
  const { api } = useShell();
  // The guarantees' Persian names are the terms' (a request keeps their keys).
  const terms = useLimitedQuery(creditTermsQuery(api)).data;
  return (
    <RecordListPage
      title={CREDIT_PANEL_TITLE}
      newRecord={{ to: CREDIT_PATH, label: 'درخواست اعتبار جدید' }}
      toolbar={
        <p className="self-center text-sm text-slate-600 dark:text-slate-300">
          درخواست‌های خرید اعتباری شما و نتیجهٔ بررسی کارشناس
        </p>
      }
      query={query}
      listLabel="درخواست‌های اعتبار"
      page={page}
    >
      {(request) => <CreditRequestItem key={request.documentId} request={request} terms={terms} />}
    </RecordListPage>
  );
}

function CreditRequestItem({ request, terms }: { request: CreditRequest; terms: CreditTerms | undefined }) {
  const guaranteeName = (value: string) => terms?.guarantees.find((g) => g.value === value)?.label ?? value;
  return (
    <li className={`${card} flex flex-col gap-3`} data-credit-request={request.documentId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <span className="font-semibold">{formatRial(request.amount_rial)}</span>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            ثبت: {formatPersianDate(request.createdAt)}
          </span>
        </div>
        <StatusBadge label={creditRequestStatusName(request.status)} tone={creditRequestTone(request.status)} />
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="font-semibold">مدت بازپرداخت:</dt>
          <dd>{persianFigure(request.term_months)} ماه</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-semibold">تضمین‌ها:</dt>
          <dd>{request.guarantees.map(guaranteeName).join('، ')}</dd>
        </div>
        <div className="flex gap-2 sm:col-span-2">
          <dt className="shrink-0 font-semibold">مدارک:</dt>
          <dd className="break-words whitespace-pre-line">{request.documents_description}</dd>
        </div>
      </dl>
      {request.operator_note && (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800" data-operator-note>
          <span className="font-semibold">یادداشت کارشناس: </span>
          {request.operator_note}
        </p>
      )}
    </li>
  );
}
