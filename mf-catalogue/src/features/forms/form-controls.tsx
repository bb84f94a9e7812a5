import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { formErrorMessage } from '@steel/shared';
import { FormAlert, FormField, inputClass, primaryButton } from '@steel/shared/forms';

/** A text input or textarea of a react-hook-form form, with its Persian error under it. */
export function TextInput<Values extends FieldValues>({
  form,
  name,
  label,
  hint,
  multiline,
  ...inputProps
}: {
  // Any output type: the schema's transforms (Persian digits → Latin) do not matter here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<Values, unknown, any>;
  name: Path<Values>;
  label: string;
  hint?: ReactNode;
  multiline?: boolean;
  type?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'decimal' | 'numeric';
  dir?: 'ltr' | 'rtl';
  autoComplete?: string;
  min?: string;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <FormField label={label} hint={hint} error={typeof error === 'string' ? error : undefined}>
      {(control) =>
        multiline ? (
          <textarea {...control} {...form.register(name)} rows={5} className={inputClass} />
        ) : (
          <input {...control} {...form.register(name)} {...inputProps} className={inputClass} />
        )
      }
    </FormField>
  );
}

/** The form's end: what went wrong with the last submit (values stay as typed), and the send button. */
export function SubmitRow({ busy, error, label }: { busy: boolean; error: unknown; label: string }) {
  return (
    <>
      <FormAlert message={error ? formErrorMessage(error) : null} />
      <button type="submit" className={`${primaryButton} self-start`} disabled={busy} aria-disabled={busy}>
        {busy ? 'در حال ارسال…' : label}
      </button>
    </>
  );
}
