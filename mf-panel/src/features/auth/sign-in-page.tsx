import { useState } from 'react';
import { Link, PageHeader, createAuth, useShell, linkInText } from '@steel/shared';
import { HydratedForm, SubmitRow, TextInput } from '@steel/shared/forms';
import { signInSchema, type SignInInput } from '../../lib/account/auth-schemas';
import { useAccountForm } from '../../lib/account/use-account-form';
import { useLeaveWhenSignedIn, useWithRedirect } from './use-leave-when-signed-in';
import { SignInWithCode } from './sign-in-with-code';

const WAYS = [
  // Not «… رمز عبور»: the password field's label must stay the only one that says so.
  { id: 'password', label: 'با رمز' },
  { id: 'code', label: 'با کد پیامکی' },
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
      {/* Radios, not buttons: choosing a way sends nothing, and the one button named «ورود» stays the form's.
          A radio group rather than a fieldset: a form's own fieldset is the one that stays disabled until
          the page is hydrated, and it is the page's only fieldset. */}
      <div role="radiogroup" aria-labelledby="sign-in-way-label" className="mb-4">
        <p id="sign-in-way-label" className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
          روش ورود
        </p>
        <div className="grid grid-cols-2 gap-2">
          {WAYS.map((option) => (
            <label
              key={option.id}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-700 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50 has-[:checked]:font-semibold has-[:checked]:text-primary-800 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600 dark:border-slate-600 dark:text-slate-200 dark:has-[:checked]:border-primary-400 dark:has-[:checked]:bg-slate-800 dark:has-[:checked]:text-primary-200"
            >
              <input
                type="radio"
                name="sign-in-way"
                value={option.id}
                checked={way === option.id}
                onChange={() => setWay(option.id)}
                className="accent-primary-600"
              />
              {option.label}
            </label>
          ))}
        </div>
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
