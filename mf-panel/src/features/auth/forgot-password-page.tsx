import { useState } from 'react';
import { Link, PageHeader, createAuth, useShell, linkText } from '@steel/shared';
import { HydratedForm, SubmitRow, TextInput } from '@steel/shared/forms';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../../lib/account/auth-schemas';
import { useAccountForm } from '../../lib/account/use-account-form';
import { useWithRedirect } from './use-leave-when-signed-in';

/**
 * `/login/forgot-password`: the CMS mails a reset link (`POST /auth/forgot-password`). The page
 * then says a mail was sent — whatever the address, so it never tells who has an account.
 */
export function ForgotPasswordPage() {
  const { api, session } = useShell();
  const withRedirect = useWithRedirect();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, failure, onSubmit, pending } = useAccountForm(
    forgotPasswordSchema,
    { email: '' } satisfies ForgotPasswordInput,
    async (values) => {
      await createAuth({ client: api, session }).forgotPassword(values);
      setSentTo(values.email);
    },
  );

  return (
    <section className="mx-auto w-full max-w-md">
      <PageHeader
        title="فراموشی رمز عبور"
        breadcrumb={[{ label: 'ورود', to: '/login' }, { label: 'فراموشی رمز عبور' }]}
      />
      {sentTo ? (
        <div className="flex flex-col gap-4 text-slate-700 dark:text-slate-200">
          <p role="status">
            اگر حسابی با نشانی <bdi dir="ltr">{sentTo}</bdi> ثبت شده باشد، پیوند بازیابی رمز عبور به آن فرستاده شد.
            صندوق ایمیل خود را ببینید.
          </p>
          <Link to={withRedirect('/login')} className={linkText}>
            بازگشت به ورود
          </Link>
        </div>
      ) : (
        <HydratedForm onSubmit={onSubmit} busy={pending} className="flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            ایمیل حساب خود را بنویسید تا پیوند بازیابی رمز عبور برایتان فرستاده شود.
          </p>
          <TextInput form={form} name="email" label="ایمیل" type="email" autoComplete="email" dir="ltr" />
          <SubmitRow busy={pending} failure={failure} label="ارسال پیوند بازیابی" fullWidth />
        </HydratedForm>
      )}
    </section>
  );
}
