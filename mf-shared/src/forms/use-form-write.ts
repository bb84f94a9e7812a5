import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { formErrorMessage } from '../api/api-error-message';
import { useSingleFlight } from '../ui/use-single-flight';

/** What a form reads of its write (a TanStack Query mutation): whether it is out, and how it failed. */
interface WriteState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A form whose submit is one write: react-hook-form validates, then `write` runs at most once at a
 * time (a double click or a second Enter is dropped). The form is busy while either is under way,
 * and the write's failure is shown in Persian above the button, the values kept as typed.
 */
export function useFormWrite<Input extends FieldValues, Values>(
  form: UseFormReturn<Input, unknown, Values>,
  mutation: WriteState,
  write: (values: Values) => Promise<unknown>,
) {
  const once = useSingleFlight();
  return {
    onSubmit: form.handleSubmit((values) => once(() => write(values))),
    busy: form.formState.isSubmitting || mutation.isPending,
    failure: mutation.isError ? formErrorMessage(mutation.error) : null,
  };
}
