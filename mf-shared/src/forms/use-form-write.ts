import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { formErrorMessage } from '../api/api-error-message';
import { useSingleFlight } from '../ui/use-single-flight';

/** A failed submit as the form shows it: on the field it names (one of the form's), else above the button. */
export interface FormRefusal {
  message: string;
  field?: string;
}

/**
 * Every form's submit: react-hook-form validates, then `submit` runs at most once at a time (a
 * double click or a second Enter is dropped). The form is busy while either is under way; a failure
 * is shown in Persian — on its field when `refusalOf` names one of the form's fields, otherwise
 * above the button — and the values stay as typed.
 */
export function useFormSubmit<Input extends FieldValues, Values>(
  form: UseFormReturn<Input, unknown, Values>,
  submit: (values: Values) => Promise<unknown>,
  refusalOf: (error: unknown) => FormRefusal = (error) => ({ message: formErrorMessage(error) }),
) {
  const once = useSingleFlight();
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit((values) =>
    once(async () => {
      setFailure(null);
      try {
        await submit(values);
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal.field && refusal.field in form.getValues())
          form.setError(refusal.field as Path<Input>, { message: refusal.message }, { shouldFocus: true });
        else setFailure(refusal.message);
      }
    }),
  );
  return { onSubmit, busy: form.formState.isSubmitting, failure };
}

/** What a form reads of its write (a TanStack Query mutation): whether it is out. */
interface WriteState {
  isPending: boolean;
}

/**
 * A form whose submit is one write (a TanStack Query mutation): `useFormSubmit`, busy while the
 * mutation is out too.
 */
export function useFormWrite<Input extends FieldValues, Values>(
  form: UseFormReturn<Input, unknown, Values>,
  mutation: WriteState,
  write: (values: Values) => Promise<unknown>,
) {
  const { onSubmit, busy, failure } = useFormSubmit(form, write);
  return { onSubmit, busy: busy || mutation.isPending, failure };
}
