import { useSearchParams } from '@steel/shared/router';
import { Link, PageHeader, createAuth, useShell, linkText } from '@steel/shared';
import { HydratedForm, SubmitRow } from '@steel/shared/forms';
import { resetPasswordSchema, type ResetPasswordInput } from '../../lib/account/auth-schemas';
import { NewPasswordFields } from '../../lib/account/account-fields';
import { useAccountForm } from '../../lib/account/use-account-form';
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
  const { form, failure, onSubmit, pending } = useAccountForm(resetPasswordSchema, defaults, async (values) => {
    await createAuth({ client: api, session }).resetPassword({ code, ...values });
  });

  return (
    <section className="mx-auto w-full max-w-md">
      <PageHeader
        title="بازیابی رمز عبور"
        breadcrumb={[{ label: 'ورود', to: '/login' }, { label: 'بازیابی رمز عبور' }]}
      />
      {code === '' ? (
        <div role="alert" className="flex flex-col gap-3 text-slate-700 dark:text-slate-200">
          <p>این پیوند بازیابی کامل نیست. پیوند ایمیل را دوباره باز کنید یا پیوند تازه‌ای بخواهید.</p>
          <Link to="/login/forgot-password" className={linkText}>
            درخواست پیوند تازه
          </Link>
        </div>
      ) : (
        <HydratedForm onSubmit={onSubmit} busy={pending} className="flex flex-col gap-4">
          <NewPasswordFields form={form} label="رمز عبور جدید" confirmationLabel="تکرار رمز عبور" />
          <SubmitRow
            busy={pending}
            failure={failure}
            label="ذخیره رمز عبور و ورود"
            busyLabel="در حال ذخیره…"
            fullWidth
          />
        </HydratedForm>
      )}
    </section>
  );
}
