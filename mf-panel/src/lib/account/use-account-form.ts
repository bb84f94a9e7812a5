import type { BaseSyntheticEvent } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useFormSubmit } from '@steel/shared/forms';
import { authRefusal, type AuthRefusal } from './auth-messages';

/**
 * An account form (sign-in, register, password, profile): react-hook-form validating with the
 * form's zod schema, submitted through the kit's `useFormSubmit` (one at a time, values kept on
 * failure) with the CMS's refusal in Persian — on its field when it names one, otherwise above the
 * button. `submit` is handed the form (to reset it once saved).
 */
export function useAccountForm<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
  defaultValues: In,
  submit: (values: Out, form: UseFormReturn<In, unknown, Out>) => Promise<void>,
  refusalOf: (error: unknown) => AuthRefusal = authRefusal,
) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues: defaultValues as never });
  const { onSubmit, busy, failure } = useFormSubmit(form, (values) => submit(values, form), refusalOf);
  // An event handler (the profile's forms pass it to a plain <form>): the submit never rejects — a
  // refusal is shown in the form — so nothing waits for its promise.
  const submitForm = (event?: BaseSyntheticEvent) => void onSubmit(event);
  return { form, errors: form.formState.errors, failure, onSubmit: submitForm, pending: busy };
}
