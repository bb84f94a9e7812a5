import { useState } from 'react';
import { Link, PageHeader, createAuth, useShell, linkInText } from '@steel/shared';
import { HydratedForm, SubmitRow } from '@steel/shared/forms';
import { registerSchema, type RegisterInput } from '../../lib/account/auth-schemas';
import { EmailConfirmationNotice } from './email-confirmation-notice';
import { AccountIdentityFields, NewPasswordFields } from '../../lib/account/account-fields';
import { useAccountForm } from '../../lib/account/use-account-form';
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
  const { form, failure, onSubmit, pending } = useAccountForm(registerSchema, defaults, async (values) => {
    await createAuth({ client: api, session }).register(values);
    // Signed in: useLeaveWhenSignedIn moves on. Otherwise the CMS wants the e-mail confirmed.
    if (!session.isAuthenticated()) setAwaitingConfirmation(values.email);
  });

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
      <HydratedForm onSubmit={onSubmit} busy={pending} className="flex flex-col gap-4">
        <AccountIdentityFields form={form} />
        <NewPasswordFields form={form} label="رمز عبور" />
        <SubmitRow busy={pending} failure={failure} label="ثبت‌نام" busyLabel="در حال ثبت‌نام…" fullWidth />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          حساب کاربری دارید؟{' '}
          <Link to={withRedirect('/login')} className={linkInText}>
            ورود
          </Link>
        </p>
      </HydratedForm>
    </section>
  );
}
