import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useShell } from '@steel/shared';
import { panelKey } from './owner-key';

/** Which records a status change writes, and what it moves them to. */
export interface CustomerStatusChange {
  /** The CMS collection: `orders`, `tickets`, `exchange-purchase-requests`. */
  collection: string;
  /** The panel's query key for that kind of record (`panelKey(session, section, …)`): its lists and counts. */
  section: string;
  status: string;
}

/**
 * A customer moving one of their records to a final status (cancel an order or a purchase request,
 * close a ticket), with the record's documentId as the mutation's variable. The CMS decides whether
 * the change is allowed (deploy/cms/src/utils/owner-scoped.js, `customerStatusChange`); the panel
 * only offers it, and ConfirmAction asks first and shows a refusal. Never retried
 * (docs/architecture.md, "Failure stays contained"); on success every list and count of that kind
 * of record is read again, so the new status shows everywhere at once.
 */
export function useCustomerStatusChange({ collection, section, status }: CustomerStatusChange) {
  const { api, session } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => api.update(collection, documentId, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: panelKey(session, section) }),
  });
}
