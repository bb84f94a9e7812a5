import { useSearchParams } from 'react-router';
import { Link, PageHeader, createAuth, useShell } from '@steel/shared';
import { FormAlert, FormField } from '@steel/shared/forms';
import { inputClass, linkText, primaryButton } from '../../ui/styles';
import { resetPasswordSchema, type ResetPasswordInput } from './auth-schemas';
import { PasswordRules } from './password-rules';
import { useAccountForm } from './use-account-form';
import { useLeaveWhenSignedIn } from './use-leave-when-signed-in';

/**
 * `/login/reset-password?code=…`, the link of the reset mail: a new password (twice) →
 * `POST /auth/reset-password` → signed in, then on to `/panel`.
 */
export function ResetPasswordPage() {
  const { api, session } = useShell();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') ?? '';
  useLeaveWhenSignedIn();
  const defaults: ResetPasswordInput = { password: '', passwordConfirmation: '' };
  const { form, errors, failure, onSubmit, pending } = useAccountForm(resetPasswordSchema, defaults, async (values) => {
    await createAuth({ client: api, session }).resetPassword({ code, ...values });
  });
  const password = form.watch('password');

  return (
    <section className="mx-auto w-full max-w-md">
      <PageHeader title="بازیابی رمز عبور" breadcrumb={[{ label: 'ورود', to: '/login' }, { label: 'بازیابی رمز عبور' }]} />
      {code === '' ? (
        <div role="alert" className="flex flex-col gap-3 text-slate-700 dark:text-slate-200">
          <p>این پیوند بازیابی کامل نیست. پیوند ایمیل را دوباره باز کنید یا پیوند تازه‌ای بخواهید.</p>
          <Link to="/login/forgot-password" className={linkText}>
            درخواست پیوند تازه
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={pending} noValidate>
          <FormField label="رمز عبور جدید" error={errors.password?.message} hint={<PasswordRules password={password} />}>
            {(control) => <input {...control} {...form.register('password')} type="password" autoComplete="new-password" dir="ltr" className={inputClass} />}
          </FormField>
          <FormField label="تکرار رمز عبور" error={errors.passwordConfirmation?.message}>
            {(control) => <input {...control} {...form.register('passwordConfirmation')} type="password" autoComplete="new-password" dir="ltr" className={inputClass} />}
          </FormField>
          <FormAlert message={failure} />
          <button type="submit" disabled={pending} className={primaryButton}>
            {pending ? 'در حال ذخیره…' : 'ذخیره رمز عبور و ورود'}
          </button>
        </form>
      )}
    </section>
  );
}
