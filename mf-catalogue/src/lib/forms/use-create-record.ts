import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useShell } from '@steel/shared';
import { useFormWrite } from '@steel/shared/forms';

/**
 * A form that writes one CMS record (a contact message, a warehouse reservation): never retried by
 * itself (a failed write could already have been stored), sent once at a time (`useFormWrite`).
 * Once stored the form is emptied and the shell's toast confirms it in Persian; `stored` stays
 * true until the next submit, for the form's own note. `record` turns the values into the record.
 */
export function useCreateRecord<Input extends FieldValues, Values>(
  form: UseFormReturn<Input, unknown, Values>,
  collection: string,
  successToast: { title: string; description?: string },
  record: (values: Values) => object = (values) => values as object,
) {
  const { api, bus } = useShell();
  const [stored, setStored] = useState(false);
  const mutation = useMutation({
    // Empty optional fields are left out: the CMS reads `email: ""` as an invalid address.
    mutationFn: (data: object) =>
      api.create<{ documentId: string }>(
        collection,
        Object.fromEntries(Object.entries(data).filter(([, value]) => value !== '' && value !== undefined)),
      ),
    retry: false,
    onSuccess: () => bus.emit('toast:add', { ...successToast, color: 'success' }),
  });
  const { onSubmit, busy, failure } = useFormWrite(form, mutation, async (values) => {
    setStored(false);
    await mutation.mutateAsync(record(values));
    form.reset();
    setStored(true);
  });
  return { onSubmit, busy, failure, stored };
}
