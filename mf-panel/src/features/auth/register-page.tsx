import { useState } from 'react';
import { Link, PageHeader, createAuth, useShell } from '@steel/shared';
import { FormAlert, FormField } from '@steel/shared/forms';
import { inputClass, linkText, primaryButton } from '../../ui/styles';
import { registerSchema, type RegisterInput } from './auth-schemas';
import { EmailConfirmationNotice } from './email-confirmation-notice';
import { PasswordRules } from './password-rules';
import { useAccountForm } from './use-account-form';
import { useLeaveWhenSignedIn, useWithRedirect } from './use-leave-when-signed-in';

const breadcrumb = [{ label: 'ورود', to: '/login' }, { label: 'ثبت‌نام' }];

/**
 * `/login/register`: username, e-mail, mobile (09xxxxxxxxx, any digits) and a password whose rules
 * are ticked off as the customer types. The CMS answers with a jwt (signed in: on to the redirect)
 * or, when it wants the e-mail confirmed first, without one: then the page says so and offers to
 * send the mail again.
 */
export function RegisterPage() {
  const { api, session } = useShell();
  useLeaveWhenSignedIn();
  const withRedirect = useWithRedirect();
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);
  const defaults: RegisterInput = { username: '', email: '', mobile: '', password: '' };
  const { form, errors, failure, onSubmit, pending } = useAccountForm(registerSchema, defaults, async (values) => {
    await createAuth({ client: api, session }).register(values);
    // Signed in: useLeaveWhenSignedIn moves on. Otherwise the CMS wants the e-mail confirmed.
    if (!session.isAuthenticated()) setAwaitingConfirmation(values.email);
  });
  const password = form.watch('password');

  if (awaitingConfirmation) {
    return (
      <section className="mx-auto w-full max-w-md">
        <PageHeader title="تأیید ایمیل" breadcrumb={breadcrumb} />
        <EmailConfirmationNotice email={awaitingConfirmation} />
      </section>
    );
  }

  return (
    <section className="mx-auto w-full max-w-md">
      <PageHeader title="ثبت‌نام" breadcrumb={breadcrumb} />
      <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={pending} noValidate>
        <FormField label="نام کاربری" error={errors.username?.message}>
          {(control) => <input {...control} {...form.register('username')} autoComplete="username" dir="ltr" className={inputClass} />}
        </FormField>
        <FormField label="ایمیل" error={errors.email?.message}>
          {(control) => <input {...control} {...form.register('email')} type="email" autoComplete="email" dir="ltr" className={inputClass} />}
        </FormField>
        <FormField label="شماره موبایل" error={errors.mobile?.message}>
          {(control) => (
            <input {...control} {...form.register('mobile')} type="tel" inputMode="tel" autoComplete="tel" dir="ltr" placeholder="مثلاً ۰۹۱۲۱۲۳۴۵۶۷" className={inputClass} />
          )}
        </FormField>
        <FormField label="رمز عبور" error={errors.password?.message} hint={<PasswordRules password={password} />}>
          {(control) => <input {...control} {...form.register('password')} type="password" autoComplete="new-password" dir="ltr" className={inputClass} />}
        </FormField>
        <FormAlert message={failure} />
        <button type="submit" disabled={pending} className={primaryButton}>
          {pending ? 'در حال ثبت‌نام…' : 'ثبت‌نام'}
        </button>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          حساب کاربری دارید؟{' '}
          <Link to={withRedirect('/login')} className={linkText}>
            ورود
          </Link>
        </p>
      </form>
    </section>
  );
}
