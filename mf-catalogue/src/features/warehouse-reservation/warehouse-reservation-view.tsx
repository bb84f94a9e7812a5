import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, PageHeader, formatPersianDate, todayInTehran, useSessionUser } from '@steel/shared';
import { HydratedForm, PHONE_INPUT, SubmitRow, TextInput, primaryButton } from '@steel/shared/forms';
import {
  warehouseReservationSchema,
  type WarehouseReservationInput,
  type WarehouseReservationValues,
} from '../../lib/forms/form-schemas';
import { useCreateRecord } from '../../lib/forms/use-create-record';
import { PANEL_PATH, SIGN_IN_PATH, TITLE } from './warehouse-reservation-paths';

/** The reservation form, or the way to sign in for it. */
export default function WarehouseReservationPage() {
  const user = useSessionUser();
  return (
    <article className="max-w-2xl">
      <PageHeader title={TITLE} breadcrumb={[{ label: TITLE }]}>
        <p className="text-slate-600 dark:text-slate-300">
          آهن‌آلات خود را در انبارهای سرپوشیده و روباز ما نگه دارید. مقدار و زمان موردنیاز را ثبت کنید؛ کارشناسان پس از
          بررسی، رزرو را تأیید می‌کنند و وضعیت آن در پنل کاربری شما دیده می‌شود.
        </p>
      </PageHeader>
      {/* Server-rendered HTML (shared by every visitor) shows nobody signed in; the form appears after hydration. */}
      {user ? (
        <ReservationForm defaultPhone={user.mobile ?? ''} />
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <p>برای رزرو انبار ابتدا وارد حساب کاربری خود شوید.</p>
          <Link to={SIGN_IN_PATH} className={primaryButton} data-sign-in>
            ورود و رزرو انبار
          </Link>
        </div>
      )}
    </article>
  );
}

/**
 * The browser's date picker shows the Gregorian calendar; the chosen day is repeated in the
 * Persian calendar, which is how customers name it («۱۲ آذر ۱۴۰۵»), announced as it changes.
 */
function StartDateInPersian({ date }: { date: string }) {
  const persian = date ? formatPersianDate(date) : '';
  return (
    <span aria-live="polite">
      {persian ? `به تقویم شمسی: ${persian}` : 'روز را در تقویم انتخاب کنید؛ تاریخ شمسی آن این‌جا نمایش داده می‌شود.'}
    </span>
  );
}

function ReservationForm({ defaultPhone }: { defaultPhone: string }) {
  const form = useForm<WarehouseReservationInput, unknown, WarehouseReservationValues>({
    resolver: zodResolver(warehouseReservationSchema),
    defaultValues: {
      product_description: '',
      quantity_tonnes: '',
      start_date: '',
      duration_days: '',
      city: '',
      contact_phone: defaultPhone,
      note: '',
    },
  });
  const { onSubmit, busy, failure, stored } = useCreateRecord(form, 'warehouse-reservations', {
    title: 'درخواست رزرو انبار ثبت شد',
    description: 'وضعیت رزرو را در پنل کاربری ببینید.',
  });
  const startDate = useWatch({ control: form.control, name: 'start_date' });
  return (
    <HydratedForm onSubmit={onSubmit} busy={busy} className="flex flex-col gap-4" data-form="warehouse-reservation">
      <TextInput form={form} name="product_description" label="شرح کالا" hint="مثلاً تیرآهن ۱۴ ذوب آهن" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput form={form} name="quantity_tonnes" label="مقدار (تن)" inputMode="decimal" dir="ltr" />
        <TextInput form={form} name="duration_days" label="مدت نگهداری (روز، اختیاری)" inputMode="numeric" dir="ltr" />
        <TextInput
          form={form}
          name="start_date"
          label="تاریخ شروع (اختیاری)"
          type="date"
          min={todayInTehran()}
          dir="ltr"
          hint={<StartDateInPersian date={startDate} />}
        />
        <TextInput form={form} name="city" label="شهر انبار (اختیاری)" />
        <TextInput
          form={form}
          name="contact_phone"
          label="شماره تماس"
          {...PHONE_INPUT}
          hint="با کد شهر یا موبایل، مثلاً ۰۹۱۲۱۲۳۴۵۶۷"
        />
      </div>
      <TextInput form={form} name="note" label="توضیحات (اختیاری)" multiline />
      {stored && (
        <p
          role="status"
          className="rounded-md border border-success-600 bg-green-50 px-3 py-2 text-sm text-green-800 dark:bg-slate-900 dark:text-green-200"
        >
          درخواست رزرو شما ثبت شد.{' '}
          <Link to={PANEL_PATH} className="underline">
            مشاهده در پنل کاربری
          </Link>
        </p>
      )}
      <SubmitRow busy={busy} failure={failure} label="ثبت درخواست رزرو" />
    </HydratedForm>
  );
}
