import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link, PageHeader, TextField, createAuth, safeRedirectPath, useShell } from '@steel/shared';
import { signInErrorMessage } from './sign-in-messages';

/**
 * `/login`: sign in with e-mail or username and password against the CMS (`POST /auth/local`,
 * then `/users/me`), then go where the visitor wanted — `?redirect=` only when it is a same-origin
 * path (`safeRedirectPath`), otherwise `/panel`. On failure the form keeps what was typed.
 */
export function SignInPage() {
  const context = useShell();
  const [searchParams] = useSearchParams();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await createAuth({ client: context.api, session: context.session }).login({ identifier: identifier.trim(), password });
    } catch (failure) {
      setError(signInErrorMessage(failure));
      setPending(false);
      return;
    }
    context.navigate(safeRedirectPath(searchParams.get('redirect')));
  }

  return (
    <section className="mx-auto w-full max-w-md">
      <PageHeader title="ورود / ثبت‌نام" breadcrumb={[{ label: 'ورود' }]} />
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={pending} noValidate={false}>
        <TextField
          label="ایمیل یا نام کاربری"
          name="identifier"
          autoComplete="username"
          dir="ltr"
          required
          value={identifier}
          onValueChange={setIdentifier}
        />
        <TextField
          label="رمز عبور"
          name="password"
          type="password"
          autoComplete="current-password"
          dir="ltr"
          required
          value={password}
          onValueChange={setPassword}
        />
        {error && (
          <p role="alert" className="rounded-md border border-error-500 bg-error-50 px-3 py-2 text-sm text-error-700 dark:border-error-600 dark:bg-slate-900 dark:text-error-100">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-primary-700 px-4 py-2 font-semibold text-white hover:bg-primary-800 disabled:cursor-wait disabled:opacity-70"
        >
          {pending ? 'در حال ورود…' : 'ورود'}
        </button>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Link to="/login/forgot-password" className="text-primary-700 hover:underline dark:text-primary-300">
            فراموشی رمز عبور
          </Link>
        </p>
      </form>
    </section>
  );
}
