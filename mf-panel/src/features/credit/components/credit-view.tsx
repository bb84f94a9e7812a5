import { useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Link,
  PageHeader,
  card,
  formatRial,
  formatToman,
  persianFigure,
  useSessionUser,
  useShell,
} from '@steel/shared';
import { HydratedForm, SubmitRow, TextInput, primaryButton, useFormWrite } from '@steel/shared/forms';
import { creditTermsQuery, useCreateCreditRequest, type CreditTerms } from '../api/credit-queries';
import { creditRequestSchema, type CreditRequestInput, type CreditRequestValues } from '../credit-request-schema';
import { CREDIT_PANEL_PATH, CREDIT_SIGN_IN_PATH, CREDIT_TITLE } from '../credit-paths';
import { ChoiceGroup } from './choice-group';

/** The terms, then the request form (or the way to sign in for it). */
export default function CreditPage() {
  const { api } = useShell();
  const { data: terms } = useSuspenseQuery(creditTermsQuery(api));
  const user = useSessionUser();
  return (
    <article className="max-w-2xl">
      <PageHeader title={CREDIT_TITLE} breadcrumb={[{ label: CREDIT_TITLE }]} />
      <section aria-labelledby="credit-terms" className={`${card} mb-6 flex flex-col gap-3`} data-credit-terms>
        <h2 id="credit-terms" className="text-lg font-semibold">
          {terms.title}
        </h2>
        {terms.body
          .split(/\n\s*\n/)
          .filter((paragraph) => paragraph.trim())
          .map((paragraph, i) => (
            <p key={i} className="leading-7 text-slate-700 dark:text-slate-200">
              {paragraph.trim()}
            </p>
          ))}
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">مبلغ اعتبار:</dt>
            <dd>
              از {formatToman(terms.min_amount_rial)} تا {formatToman(terms.max_amount_rial)}
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">مدت بازپرداخت:</dt>
            <dd>{terms.term_months.map((months) => `${persianFigure(months)} ماه`).join('، ')}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2 sm:col-span-2">
            <dt className="font-semibold">تضمین‌های پذیرفته:</dt>
            <dd>{terms.guarantees.map((guarantee) => guarantee.label).join('، ')}</dd>
          </div>
        </dl>
      </section>
      <h2 className="mb-3 text-lg font-semibold">درخواست اعتبار</h2>
      {/* Server-rendered HTML (shared by every visitor) shows nobody signed in; the form appears after hydration. */}
      {user ? (
        <CreditRequestForm terms={terms} />
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <p>برای ثبت درخواست اعتبار ابتدا وارد حساب کاربری خود شوید.</p>
          <Link to={CREDIT_SIGN_IN_PATH} className={primaryButton} data-sign-in>
            ورود و درخواست اعتبار
          </Link>
        </div>
      )}
    </article>
  );
}

function CreditRequestForm({ terms }: { terms: CreditTerms }) {
  const { bus, navigate } = useShell();
  const create = useCreateCreditRequest();
  const schema = useMemo(() => creditRequestSchema(terms), [terms]);
  const form = useForm<CreditRequestInput, unknown, CreditRequestValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount_rial: '', term_months: undefined, guarantees: [], documents_description: '' },
  });
  // A refused or failed request keeps every value as typed (useFormWrite); a stored one goes to the panel.
  const { onSubmit, busy, failure } = useFormWrite(form, create, async (values) => {
    await create.mutateAsync(values);
    bus.emit('toast:add', {
      title: 'درخواست اعتبار ثبت شد',
      description: 'نتیجهٔ بررسی را در پنل کاربری ببینید.',
      color: 'success',
    });
    navigate(CREDIT_PANEL_PATH);
  });
  const error = (name: 'term_months' | 'guarantees') => {
    const message = form.formState.errors[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };
  return (
    <HydratedForm onSubmit={onSubmit} busy={busy} className="flex flex-col gap-4" data-form="credit-request">
      <TextInput
        form={form}
        name="amount_rial"
        label="مبلغ اعتبار (ریال)"
        inputMode="numeric"
        dir="ltr"
        hint={`از ${formatRial(terms.min_amount_rial)} تا ${formatRial(terms.max_amount_rial)}`}
      />
      <ChoiceGroup
        form={form}
        name="term_months"
        type="radio"
        legend="مدت بازپرداخت"
        choices={terms.term_months.map((months) => ({ value: String(months), label: `${persianFigure(months)} ماه` }))}
        error={error('term_months')}
      />
      <ChoiceGroup
        form={form}
        name="guarantees"
        type="checkbox"
        legend="تضمین‌های پیشنهادی"
        hint="هر چند مورد که می‌توانید ارائه کنید."
        choices={terms.guarantees}
        error={error('guarantees')}
      />
      <TextInput
        form={form}
        name="documents_description"
        label="شرح مدارک"
        hint="مثلاً آگهی تأسیس شرکت، گردش حساب شش ماه اخیر، مشخصات چک یا ضمانت‌نامه"
        multiline
        rows={4}
      />
      <SubmitRow busy={busy} failure={failure} label="ثبت درخواست اعتبار" busyLabel="در حال ثبت…" />
    </HydratedForm>
  );
}
