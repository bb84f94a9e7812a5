import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormAlert, FormField } from './form-field';
import { inputClass, primaryButton } from './form-styles';

/** How every form asks for a phone number: the phone keypad, digits left to right, the browser's autofill. */
export const PHONE_INPUT = { type: 'tel', inputMode: 'tel', dir: 'ltr', autoComplete: 'tel' } as const;

/**
 * A text input (or textarea) of a react-hook-form form under its label, with its Persian error
 * under it. For a top-level field; a field of a list (`items.0.quantity`) uses `FormField` itself.
 */
export function TextInput<Values extends FieldValues>({
  form,
  name,
  label,
  hint,
  multiline,
  rows = 5,
  ...inputProps
}: {
  // Any output type: the schema's transforms (Persian digits → Latin) do not matter here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<Values, unknown, any>;
  name: Path<Values>;
  label: string;
  hint?: ReactNode;
  multiline?: boolean;
  rows?: number;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'dir' | 'autoComplete' | 'min' | 'placeholder'
>) {
  const error = form.formState.errors[name]?.message;
  return (
    <FormField label={label} hint={hint} error={typeof error === 'string' ? error : undefined}>
      {(control) =>
        multiline ? (
          <textarea {...control} {...form.register(name)} rows={rows} className={inputClass} />
        ) : (
          <input {...control} {...form.register(name)} {...inputProps} className={inputClass} />
        )
      }
    </FormField>
  );
}

/**
 * A form's end: what went wrong with the last submit (the values stay as typed) and the send
 * button, disabled with a «…» label while the submit is out so it cannot be sent twice.
 */
export function SubmitRow({
  busy,
  failure,
  label,
  busyLabel = 'در حال ارسال…',
  fullWidth = false,
}: {
  busy: boolean;
  failure: string | null;
  label: string;
  busyLabel?: string;
  /** The narrow sign-in forms' button spans the form; elsewhere it sits at the start. */
  fullWidth?: boolean;
}) {
  return (
    <>
      <FormAlert message={failure} />
      <button type="submit" className={fullWidth ? primaryButton : `${primaryButton} self-start`} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
