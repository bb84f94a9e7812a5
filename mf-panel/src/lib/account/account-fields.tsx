import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { PHONE_INPUT, TextInput } from '@steel/shared/forms';
import { PasswordRules } from './password-rules';

// Any output type, as TextInput takes it: the schemas' transforms do not matter to a field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AccountForm<Values extends FieldValues> = UseFormReturn<Values, unknown, any>;

/** The fields naming an account (register, profile): username, e-mail and mobile, typed in Latin script. */
export function AccountIdentityFields<Values extends { username: string; email: string; mobile: string }>({
  form,
}: {
  form: AccountForm<Values>;
}) {
  return (
    <>
      <TextInput form={form} name={'username' as Path<Values>} label="نام کاربری" autoComplete="username" dir="ltr" />
      <TextInput form={form} name={'email' as Path<Values>} label="ایمیل" type="email" autoComplete="email" dir="ltr" />
      <TextInput
        form={form}
        name={'mobile' as Path<Values>}
        label="شماره موبایل"
        {...PHONE_INPUT}
        placeholder="مثلاً ۰۹۱۲۱۲۳۴۵۶۷"
      />
    </>
  );
}

/**
 * A new password (register, reset, change password) with its rules ticked off as the customer
 * types, and — when the form asks for it — the password again (`passwordConfirmation`).
 */
export function NewPasswordFields<Values extends { password: string }>({
  form,
  label,
  confirmationLabel,
}: {
  form: AccountForm<Values>;
  label: string;
  /** The repeated password's label; without it the form has no repetition (register). */
  confirmationLabel?: string;
}) {
  const password = useWatch({ control: form.control, name: 'password' as Path<Values> }) as string;
  return (
    <>
      <TextInput
        form={form}
        name={'password' as Path<Values>}
        label={label}
        hint={<PasswordRules password={password} />}
        type="password"
        autoComplete="new-password"
        dir="ltr"
      />
      {confirmationLabel && (
        <TextInput
          form={form}
          name={'passwordConfirmation' as Path<Values>}
          label={confirmationLabel}
          type="password"
          autoComplete="new-password"
          dir="ltr"
        />
      )}
    </>
  );
}
