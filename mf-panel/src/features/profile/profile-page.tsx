import { useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import type { User } from '@steel/contract';
import { PageHeader, createAuth, useSessionUser, useShell, card } from '@steel/shared';
import { SubmitRow, TextInput } from '@steel/shared/forms';
import {
  changePasswordSchema,
  profileSchema,
  type ChangePasswordInput,
  type ProfileInput,
} from '../../lib/account/auth-schemas';
import { AccountIdentityFields, NewPasswordFields } from '../../lib/account/account-fields';
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
    <ProfileCardForm
      id="profile-heading"
      title="ویرایش اطلاعات"
      onSubmit={onSubmit}
      pending={pending}
      done={saved ? 'با موفقیت ذخیره شد' : null}
    >
      <AccountIdentityFields form={form} />
      <SubmitRow busy={pending} failure={failure} label="ذخیره" busyLabel="در حال ذخیره…" />
    </ProfileCardForm>
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

  return (
    <ProfileCardForm
      id="password-heading"
      title="تغییر رمز عبور"
      onSubmit={onSubmit}
      pending={pending}
      done={changed ? 'رمز عبور شما تغییر کرد' : null}
    >
      <TextInput
        form={form}
        name="currentPassword"
        label="رمز عبور فعلی"
        type="password"
        autoComplete="current-password"
        dir="ltr"
      />
      <NewPasswordFields form={form} label="رمز عبور جدید" confirmationLabel="تکرار رمز عبور جدید" />
      <SubmitRow busy={pending} failure={failure} label="تغییر رمز عبور" busyLabel="در حال ذخیره…" />
    </ProfileCardForm>
  );
}

/**
 * One of the profile's forms: a card named by its heading and, once saved, a status saying what was
 * done. Rendered in the browser only (the panel), so a plain form, not a HydratedForm.
 */
function ProfileCardForm({
  id,
  title,
  onSubmit,
  pending,
  done,
  children,
}: {
  /** The heading's id, which names the form. */
  id: string;
  title: string;
  onSubmit: (event?: BaseSyntheticEvent) => void;
  pending: boolean;
  /** What the last submission did, or null before one succeeds. */
  done: string | null;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={id}
      aria-busy={pending}
      noValidate
      className={`${card} flex flex-col gap-4`}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {title}
      </h2>
      {children}
      {done && (
        <p role="status" className="text-sm text-primary-700 dark:text-primary-300">
          {done}
        </p>
      )}
    </form>
  );
}
