import { Link, PageHeader, createAuth, useShell, linkInText } from '@steel/shared';
import { HydratedForm, SubmitRow, TextInput } from '@steel/shared/forms';
import { signInSchema, type SignInInput } from '../../lib/account/auth-schemas';
import { useAccountForm } from '../../lib/account/use-account-form';
import { useLeaveWhenSignedIn, useWithRedirect } from './use-leave-when-signed-in';

/**
 * `/login`: sign in with an e-mail, a username or a mobile number (Persian or Latin digits; the CMS
 * resolves the number to its account) and the password (`POST /auth/local`, then `/users/me`).
 * Signed in, the visitor goes to `?redirect=` when it is a same-origin path, otherwise `/panel`.
 */
export function SignInPage() {
  const { api, session } = useShell();
  useLeaveWhenSignedIn();
  const withRedirect = useWithRedirect();
  const { form, failure, onSubmit, pending } = useAccountForm(
    signInSchema,
    { identifier: '', password: '' } satisfies SignInInput,
    async (values) => {
      await createAuth({ client: api, session }).login(values);
    },
  );

  return (
    <section className="mx-auto w-full max-w-md">
      <PageHeader title="ورود / ثبت‌نام" breadcrumb={[{ label: 'ورود' }]} />
      <HydratedForm onSubmit={onSubmit} busy={pending} className="flex flex-col gap-4">
        <TextInput
          form={form}
          name="identifier"
          label="ایمیل، نام کاربری یا شماره موبایل"
          autoComplete="username"
          dir="ltr"
        />
        <TextInput
          form={form}
          name="password"
          label="رمز عبور"
          type="password"
          autoComplete="current-password"
          dir="ltr"
        />
        <SubmitRow busy={pending} failure={failure} label="ورود" busyLabel="در حال ورود…" fullWidth />
        <p className="flex flex-wrap justify-between gap-2 text-sm text-slate-600 dark:text-slate-300">
          <span>
            حساب کاربری ندارید؟{' '}
            <Link to={withRedirect('/login/register')} className={linkInText}>
              ثبت‌نام
            </Link>
          </span>
          <Link to={withRedirect('/login/forgot-password')} className={linkInText}>
            فراموشی رمز عبور
          </Link>
        </p>
      </HydratedForm>
    </section>
  );
}
