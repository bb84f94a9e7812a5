import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, formatNumber, formatToman, shippingPrice, useShell } from '@steel/shared';
import { FormField, SubmitRow, TextInput, inputClass, useFormWrite } from '@steel/shared/forms';
import { useSendInquiry } from '../../entities/inquiry/inquiry-queries';
import { inquiryErrorMessage } from '../../entities/inquiry/inquiry-error-message';
import { useShippingCities, useShippingRoute } from '../../entities/shipping/shipping-queries';
import { basketLines, MAX_BASKET_LINES } from './basket-store';
import { emptyBasketEverywhere } from './basket-sync';
import { useBasket } from './use-basket';
import {
  basketWeight,
  inquiryLines,
  NOTE_MAX_LENGTH,
  sendInquirySchema,
  type SendInquiryInput,
  type SendInquiryValues,
} from './send-inquiry-schema';

/**
 * «ارسال استعلام» under the basket, for a signed-in buyer: the delivery city (its shipping
 * estimate shown as it is chosen: the calculator's rule, from the inquiry's origin city), a note, and the basket's lines as they are when sent. On
 * success the basket is emptied (here and in the account) and the buyer lands on the inquiry.
 * A failure keeps every value and says why in Persian; while a line's figure is wrong or the
 * basket weighs more than an inquiry may (`blockedBy`), that is said and nothing is sent.
 */
export default function SendInquiryForm({ blockedBy }: { blockedBy: string | null }) {
  const { api, bus, navigate } = useShell();
  const lines = useBasket();
  const cities = useShippingCities();
  const send = useSendInquiry();
  const estimateId = useId();
  const form = useForm<SendInquiryInput, unknown, SendInquiryValues>({
    resolver: zodResolver(sendInquirySchema),
    defaultValues: { city_slug: '', note: '' },
  });
  const citySlug = useWatch({ control: form.control, name: 'city_slug' });
  const city = cities.data?.find((candidate) => candidate.slug === citySlug);
  const origin = cities.data?.find((candidate) => candidate.inquiry_origin);
  const route = useShippingRoute(origin?.slug, city?.slug);
  const weight = basketWeight(lines);
  const price = route.data ? shippingPrice(route.data, weight.kg / 1000) : null;
  const { errors } = form.formState;

  const { onSubmit, busy } = useFormWrite(form, send, async (values) => {
    const current = basketLines();
    // A line whose figure cannot be sent (said beside it, and again above the button): nothing goes.
    if (current.length === 0 || blockedBy) return;
    const inquiry = await send.mutateAsync({ ...values, lines: inquiryLines(current.slice(0, MAX_BASKET_LINES)) });
    await emptyBasketEverywhere(api);
    bus.emit('toast:add', {
      title: 'استعلام ارسال شد',
      description: `استعلام ${inquiry.number} ثبت شد؛ قیمت‌ها را پس از بررسی همین‌جا می‌بینید.`,
      color: 'success',
    });
    navigate(`/inquiry/requests/${inquiry.documentId}`);
  });

  return (
    <section aria-labelledby={`${estimateId}-heading`} className="mt-8 flex max-w-2xl flex-col gap-4">
      <h2 id={`${estimateId}-heading`} className="text-xl font-bold">
        ارسال استعلام
      </h2>
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="flex flex-col gap-4"
        aria-busy={busy}
        aria-label="ارسال استعلام قیمت"
      >
        <FormField
          label="شهر محل تحویل"
          error={errors.city_slug?.message}
          hint={cities.isError ? 'فهرست شهرها خوانده نشد؛ صفحه را دوباره بارگذاری کنید.' : undefined}
        >
          {(control) => (
            <select {...control} {...form.register('city_slug')} className={inputClass}>
              <option value="">{cities.isPending ? 'در حال خواندن شهرها…' : 'انتخاب شهر'}</option>
              {cities.data?.map((candidate) => (
                <option key={candidate.slug} value={candidate.slug}>
                  {candidate.name === candidate.province_name
                    ? candidate.name
                    : `${candidate.name} (${candidate.province_name})`}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <p
          id={estimateId}
          aria-live="polite"
          className="text-sm text-slate-700 dark:text-slate-200"
          data-shipping-estimate
        >
          {city && origin && price
            ? `هزینهٔ تقریبی حمل از ${origin.name} به ${city.name}: ${formatToman(price.total)} (${formatNumber(
                Math.round(weight.kg),
              )} کیلوگرم × ${formatToman(price.ratePerTonne)} هر تن، حدود ${formatNumber(price.distanceKm)} کیلومتر${
                weight.complete ? '' : '، بدون اقلامی که وزنشان معلوم نیست'
              })`
            : city && route.isSuccess && !route.data
              ? `برای ${city.name} نرخ حملی ثبت نشده است؛ هزینهٔ حمل را کارشناس فروش در پیش‌فاکتور می‌گوید.`
              : 'با انتخاب شهر، هزینهٔ تقریبی حمل نشان داده می‌شود.'}{' '}
          <Link
            to="/inquiry/shipping-price"
            className="text-primary-700 underline underline-offset-2 dark:text-primary-300"
          >
            نرخ‌های حمل
          </Link>
        </p>
        <TextInput
          form={form}
          name="note"
          label="توضیحات (اختیاری)"
          hint={`حداکثر ${formatNumber(NOTE_MAX_LENGTH)} نویسه؛ مثلاً زمان تحویل یا شرایط پرداخت.`}
          multiline
          rows={4}
        />
        <SubmitRow
          busy={busy}
          failure={blockedBy ?? (send.isError ? inquiryErrorMessage(send.error) : null)}
          label="ارسال استعلام"
          busyLabel="در حال ارسال…"
        />
      </form>
    </section>
  );
}
