import { useState } from 'react';
import { Link, PageHeader, createAuth, useShell, linkInText } from '@steel/shared';
import { HydratedForm, SubmitRow, TextInput } from '@steel/shared/forms';
import { signInSchema, type SignInInput } from '../../lib/account/auth-schemas';
import { useAccountForm } from '../../lib/account/use-account-form';
import { useLeaveWhenSignedIn, useWithRedirect } from './use-leave-when-signed-in';
import { SignInWithCode } from './sign-in-with-code';

const WAYS = [
  { id: 'password', label: 'ورود با رمز عبور' },
  { id: 'code', label: 'ورود با کد پیامکی' },
] as const;
type Way = (typeof WAYS)[number]['id'];

/**
 * `/login`: sign in with an e-mail, a username or a mobile number (Persian or Latin digits; the CMS
 * resolves the number to its account) and the password (`POST /auth/local`, then `/users/me`).
 * Or «ورود با کد پیامکی»: a code by SMS to the mobile number, no password (sign-in-with-code.tsx).
 * Signed in, the visitor goes to `?redirect=` when it is a same-origin path, otherwise `/panel`.
 */
export function SignInPage() {
  const { api, session } = useShell();
  useLeaveWhenSignedIn();
  const withRedirect = useWithRedirect();
  const [way, setWay] = useState<Way>('password');
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
      <div role="group" aria-label="روش ورود" className="mb-4 grid grid-cols-2 gap-2">
        {WAYS.map((option) => (
          <button
            key={option.id}
            type="button"
            aria-pressed={way === option.id}
            onClick={() => setWay(option.id)}
            className={
              way === option.id
                ? 'rounded-md border border-primary-600 bg-primary-50 px-3 py-2 text-sm font-semibold text-primary-800 dark:border-primary-400 dark:bg-slate-800 dark:text-primary-200'
                : 'rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800'
            }
          >
            {option.label}
          </button>
        ))}
      </div>
      {way === 'code' ? (
        <SignInWithCode />
      ) : (
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
      )}
    </section>
  );
}
