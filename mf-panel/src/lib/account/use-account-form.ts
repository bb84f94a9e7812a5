import { useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { authRefusal } from './auth-messages';

/**
 * An account form (sign-in, register, password, profile): react-hook-form validating with the
 * form's zod schema, the CMS's refusal in Persian — on its field when it names one, otherwise above
 * the button — and one submission at a time (a second Enter or click while the first is out is
 * dropped; the button is disabled meanwhile). Values stay as typed on failure. `submit` is handed
 * the form (to reset it once saved).
 */
export function useAccountForm<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
  defaultValues: In,
  submit: (values: Out, form: UseFormReturn<In, unknown, Out>) => Promise<void>,
) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues: defaultValues as never });
  const [failure, setFailure] = useState<string | null>(null);
  const inFlight = useRef(false);

  // An event handler: react-hook-form validates, then the submission runs (never rejecting: a
  // refusal is shown in the form), so nothing waits for its promise.
  const onSubmit = (event?: BaseSyntheticEvent) =>
    void form.handleSubmit(async (values) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setFailure(null);
      try {
        await submit(values, form);
      } catch (error) {
        const refusal = authRefusal(error);
        if (refusal.field && refusal.field in defaultValues)
          form.setError(refusal.field as Path<In>, { message: refusal.message }, { shouldFocus: true });
        else setFailure(refusal.message);
      } finally {
        inFlight.current = false;
      }
    })(event);

  return { form, errors: form.formState.errors, failure, onSubmit, pending: form.formState.isSubmitting };
}
