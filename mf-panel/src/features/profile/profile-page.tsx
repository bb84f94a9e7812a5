import { useState } from 'react';
import { PageHeader, createAuth, useSessionUser, useShell, type User } from '@steel/shared';
import { FormAlert, FormField } from '@steel/shared/forms';
import { card, inputClass, primaryButton } from '../../ui/styles';
import { changePasswordSchema, profileSchema, type ChangePasswordInput, type ProfileInput } from '../auth/auth-schemas';
import { PasswordRules } from '../auth/password-rules';
import { useAccountForm } from '../auth/use-account-form';

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
  const { form, errors, failure, onSubmit, pending } = useAccountForm(profileSchema, defaults, async (values) => {
    setSaved(false);
    const updated = await createAuth({ client: api, session }).updateProfile(values);
    form.reset({ username: updated.username, email: updated.email, mobile: updated.mobile ?? '' });
    setSaved(true);
  });

  return (
    <form onSubmit={onSubmit} aria-labelledby="profile-heading" aria-busy={pending} noValidate className={`${card} flex flex-col gap-4`}>
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        ویرایش اطلاعات
      </h2>
      <FormField label="نام کاربری" error={errors.username?.message}>
        {(control) => <input {...control} {...form.register('username')} autoComplete="username" dir="ltr" className={inputClass} />}
      </FormField>
      <FormField label="ایمیل" error={errors.email?.message}>
        {(control) => <input {...control} {...form.register('email')} type="email" autoComplete="email" dir="ltr" className={inputClass} />}
      </FormField>
      <FormField label="شماره موبایل" error={errors.mobile?.message}>
        {(control) => <input {...control} {...form.register('mobile')} type="tel" inputMode="tel" autoComplete="tel" dir="ltr" placeholder="مثلاً ۰۹۱۲۱۲۳۴۵۶۷" className={inputClass} />}
      </FormField>
      <FormAlert message={failure} />
      {saved && <p role="status" className="text-sm text-primary-700 dark:text-primary-300">با موفقیت ذخیره شد</p>}
      <button type="submit" disabled={pending} className={`${primaryButton} self-start`}>
        {pending ? 'در حال ذخیره…' : 'ذخیره'}
      </button>
    </form>
  );
}

/** `POST /auth/change-password`; the CMS's answer (a wrong current password…) is shown in Persian. */
function ChangePasswordForm() {
  const { api, session } = useShell();
  const [changed, setChanged] = useState(false);
  const defaults: ChangePasswordInput = { currentPassword: '', password: '', passwordConfirmation: '' };
  const { form, errors, failure, onSubmit, pending } = useAccountForm(changePasswordSchema, defaults, async (values) => {
    setChanged(false);
    await createAuth({ client: api, session }).changePassword(values);
    form.reset(defaults);
    setChanged(true);
  });
  const password = form.watch('password');

  return (
    <form onSubmit={onSubmit} aria-labelledby="password-heading" aria-busy={pending} noValidate className={`${card} flex flex-col gap-4`}>
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        تغییر رمز عبور
      </h2>
      <FormField label="رمز عبور فعلی" error={errors.currentPassword?.message}>
        {(control) => <input {...control} {...form.register('currentPassword')} type="password" autoComplete="current-password" dir="ltr" className={inputClass} />}
      </FormField>
      <FormField label="رمز عبور جدید" error={errors.password?.message} hint={<PasswordRules password={password} />}>
        {(control) => <input {...control} {...form.register('password')} type="password" autoComplete="new-password" dir="ltr" className={inputClass} />}
      </FormField>
      <FormField label="تکرار رمز عبور جدید" error={errors.passwordConfirmation?.message}>
        {(control) => <input {...control} {...form.register('passwordConfirmation')} type="password" autoComplete="new-password" dir="ltr" className={inputClass} />}
      </FormField>
      <FormAlert message={failure} />
      {changed && <p role="status" className="text-sm text-primary-700 dark:text-primary-300">رمز عبور شما تغییر کرد</p>}
      <button type="submit" disabled={pending} className={`${primaryButton} self-start`}>
        {pending ? 'در حال ذخیره…' : 'تغییر رمز عبور'}
      </button>
    </form>
  );
}
