import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from '@steel/shared/router';
import { PANEL_LINK_PARAMS } from '@steel/contract';
import {
  formatNumber,
  formatPersianDate,
  formatRial,
  PageHeader,
  useShell,
  EmptyBlock,
  QueryState,
  card,
} from '@steel/shared';
import { PHONE_INPUT, SubmitRow, TextInput, useFormWrite, inputClass, labelClass } from '@steel/shared/forms';
import {
  useCreatePurchaseRequest,
  useExchangeOffer,
  useExchangeOffers,
  type ExchangeOffer,
} from '../api/bourse-queries';
import {
  purchaseRequestSchema,
  type PurchaseRequestInput,
  type PurchaseRequestValues,
} from '../purchase-request-schema';
import { ApproximatePricesNote } from '../../../ui/approximate-prices-note';

const crumbs = [
  { label: 'پنل کاربری', to: '/panel' },
  { label: 'بورس', to: '/panel/bourse' },
  { label: 'درخواست خرید جدید' },
];

/**
 * `/panel/bourse/new?offer=<documentId>`: a purchase request for one exchange offer (the bourse
 * page links here); without `offer` the customer picks one first.
 */
export function NewPurchaseRequestPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const offerId = searchParams.get(PANEL_LINK_PARAMS.requestOffer);
  const offer = useExchangeOffer(offerId);
  const offers = useExchangeOffers(!offerId);
  return (
    <section className="max-w-2xl">
      <PageHeader title="درخواست خرید جدید" breadcrumb={crumbs} />
      {offerId ? (
        <QueryState query={offer}>
          {(found) => (
            <>
              <OfferSummary offer={found} />
              <PurchaseRequestForm offer={found} />
            </>
          )}
        </QueryState>
      ) : (
        <QueryState query={offers}>
          {(list) =>
            list.length === 0 ? (
              <EmptyBlock>عرضه‌ای برای درخواست خرید نیست.</EmptyBlock>
            ) : (
              <label className={labelClass}>
                عرضه
                <select
                  className={inputClass}
                  defaultValue=""
                  onChange={(event) =>
                    event.target.value && setSearchParams({ [PANEL_LINK_PARAMS.requestOffer]: event.target.value })
                  }
                >
                  <option value="" disabled>
                    یک عرضه را انتخاب کنید
                  </option>
                  {list.map((item) => (
                    <option key={item.documentId} value={item.documentId}>
                      {item.commodity} — {item.offer_code} — {formatPersianDate(item.offer_date)}
                    </option>
                  ))}
                </select>
              </label>
            )
          }
        </QueryState>
      )}
    </section>
  );
}

function OfferSummary({ offer }: { offer: ExchangeOffer }) {
  const rows: [string, string][] = [
    ['کالا', offer.commodity],
    ['نماد عرضه', offer.offer_code],
    ['تاریخ عرضه', formatPersianDate(offer.offer_date)],
    ['تولیدکننده', offer.producer ?? ''],
    ['قیمت پایه (هر کیلوگرم)', offer.base_price ? formatRial(offer.base_price) : ''],
    ['حجم عرضه', offer.offered_volume ? `${formatNumber(offer.offered_volume)} تن` : ''],
    ['حداقل خرید', offer.min_purchase ? `${formatNumber(offer.min_purchase)} تن` : ''],
    ['حداکثر خرید', offer.max_purchase ? `${formatNumber(offer.max_purchase)} تن` : ''],
    ['محل تحویل', offer.delivery_place ?? ''],
  ];
  return (
    <div className={`${card} mb-6`}>
      <h2 className="mb-3 text-lg font-semibold">عرضه</h2>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="flex gap-2">
              <dt className="font-semibold">{label}:</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <ApproximatePricesNote className="mt-2" />
    </div>
  );
}

function PurchaseRequestForm({ offer }: { offer: ExchangeOffer }) {
  const { session, navigate } = useShell();
  const create = useCreatePurchaseRequest();
  const schema = useMemo(() => purchaseRequestSchema(offer), [offer]);
  const form = useForm<PurchaseRequestInput, unknown, PurchaseRequestValues>({
    resolver: zodResolver(schema),
    defaultValues: { quantity_tonnes: '', max_price: '', contact_phone: session.getUser()?.mobile ?? '', note: '' },
  });
  const { onSubmit, busy, failure } = useFormWrite(form, create, async (values) => {
    await create.mutateAsync({ offer, values });
    navigate('/panel/bourse');
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-busy={busy}>
      <TextInput form={form} name="quantity_tonnes" label="حجم درخواستی (تن)" inputMode="decimal" dir="ltr" />
      <TextInput
        form={form}
        name="max_price"
        label="سقف قیمت هر کیلوگرم (ریال)"
        hint="اختیاری؛ بالاتر از این قیمت خرید نمی‌شود."
        inputMode="numeric"
        dir="ltr"
      />
      <TextInput form={form} name="contact_phone" label="شماره تماس" {...PHONE_INPUT} />
      <TextInput form={form} name="note" label="توضیحات" multiline rows={3} />
      <SubmitRow busy={busy} failure={failure} label="ثبت درخواست خرید" busyLabel="در حال ثبت…" />
    </form>
  );
}
