import { useState } from 'react';
import { PageHeader, createAuth, useSessionUser, useShell, type User } from '@steel/shared';
import { SubmitRow, TextInput } from '@steel/shared/forms';
import { card } from '../../ui/styles';
import {
  changePasswordSchema,
  profileSchema,
  type ChangePasswordInput,
  type ProfileInput,
} from '../../lib/account/auth-schemas';
import { PasswordRules } from '../../lib/account/password-rules';
import { useAccountForm } from '../../lib/account/use-account-form';

const breadcrumb = [{ label: 'پنل کاربری', to: '/panel' }, { label: 'پروفایل' }];

/** `/panel/profile`: the customer's username, e-mail and mobile, and a new password. */
export function ProfilePage() {
  const user = useSessionUser();
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="پروفایل" breadcrumb={breadcrumb} />
      {/* Keyed by the account: another customer signing in (another tab) starts from their own values. */}
      {user && <ProfileForm key={user.id} user={user} />}
      <ChangePasswordForm />
    </section>
  );
}

/** Saved with `PUT /users/me`; the CMS refuses another account's e-mail or mobile (shown on the field). */
function ProfileForm({ user }: { user: User }) {
  const { api, session } = useShell();
  const [saved, setSaved] = useState(false);
  const defaults: ProfileInput = { username: user.username, email: user.email, mobile: user.mobile ?? '' };
  const { form, failure, onSubmit, pending } = useAccountForm(profileSchema, defaults, async (values, form) => {
    setSaved(false);
    const updated = await createAuth({ client: api, session }).updateProfile(values);
    form.reset({ username: updated.username, email: updated.email, mobile: updated.mobile ?? '' });
    setSaved(true);
  });

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby="profile-heading"
      aria-busy={pending}
      noValidate
      className={`${card} flex flex-col gap-4`}
    >
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        ویرایش اطلاعات
      </h2>
      <TextInput form={form} name="username" label="نام کاربری" autoComplete="username" dir="ltr" />
      <TextInput form={form} name="email" label="ایمیل" type="email" autoComplete="email" dir="ltr" />
      <TextInput
        form={form}
        name="mobile"
        label="شماره موبایل"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        placeholder="مثلاً ۰۹۱۲۱۲۳۴۵۶۷"
      />
      <SubmitRow busy={pending} failure={failure} label="ذخیره" busyLabel="در حال ذخیره…" />
      {saved && (
        <p role="status" className="text-sm text-primary-700 dark:text-primary-300">
          با موفقیت ذخیره شد
        </p>
      )}
    </form>
  );
}

/** `POST /auth/change-password`; the CMS's answer (a wrong current password…) is shown in Persian. */
function ChangePasswordForm() {
  const { api, session } = useShell();
  const [changed, setChanged] = useState(false);
  const defaults: ChangePasswordInput = { currentPassword: '', password: '', passwordConfirmation: '' };
  const { form, failure, onSubmit, pending } = useAccountForm(changePasswordSchema, defaults, async (values, form) => {
    setChanged(false);
    await createAuth({ client: api, session }).changePassword(values);
    form.reset(defaults);
    setChanged(true);
  });
  const password = form.watch('password');

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby="password-heading"
      aria-busy={pending}
      noValidate
      className={`${card} flex flex-col gap-4`}
    >
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        تغییر رمز عبور
      </h2>
      <TextInput
        form={form}
        name="currentPassword"
        label="رمز عبور فعلی"
        type="password"
        autoComplete="current-password"
        dir="ltr"
      />
      <TextInput
        form={form}
        name="password"
        label="رمز عبور جدید"
        hint={<PasswordRules password={password} />}
        type="password"
        autoComplete="new-password"
        dir="ltr"
      />
      <TextInput
        form={form}
        name="passwordConfirmation"
        label="تکرار رمز عبور جدید"
        type="password"
        autoComplete="new-password"
        dir="ltr"
      />
      <SubmitRow busy={pending} failure={failure} label="تغییر رمز عبور" busyLabel="در حال ذخیره…" />
      {changed && (
        <p role="status" className="text-sm text-primary-700 dark:text-primary-300">
          رمز عبور شما تغییر کرد
        </p>
      )}
    </form>
  );
}
