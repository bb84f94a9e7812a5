import { useMutation } from '@tanstack/react-query';
import { useShell, useSingleFlight } from '@steel/shared';

/**
 * Writes one CMS record from a form: never retried by itself (a failed write could already have
 * been stored), and a second submit while one is on its way is dropped. On success the shell's
 * toast confirms it in Persian.
 */
export function useCreateRecord<Values>(collection: string, successToast: { title: string; description?: string }) {
  const { api, bus } = useShell();
  const once = useSingleFlight();
  const mutation = useMutation({
    // Empty optional fields are left out: the CMS reads `email: ""` as an invalid address.
    mutationFn: (data: Values) =>
      api.create<{ documentId: string }>(
        collection,
        Object.fromEntries(Object.entries(data as object).filter(([, value]) => value !== '' && value !== undefined)),
      ),
    retry: false,
    onSuccess: () => bus.emit('toast:add', { ...successToast, color: 'success' }),
  });
  /** Sends the values once; resolves true when the CMS stored them. */
  const submit = async (values: Values): Promise<boolean> => {
    let stored = false;
    await once(async () => {
      await mutation.mutateAsync(values);
      stored = true;
    });
    return stored;
  };
  return { submit, mutation };
}
