import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLimitedQuery, useShell, type ContentClient, type SessionStore } from '@steel/shared';
import { panelKey } from '../../../ui/owner-key';
import type { CreditRequestValues, CreditTermChoices } from '../credit-request-schema';

/** The credit terms an editor keeps in the CMS (single type `credit-setting`). */
export interface CreditTerms extends CreditTermChoices {
  title: string;
  /** Paragraphs separated by blank lines. */
  body: string;
}

export interface CreditRequest {
  id: number;
  documentId: string;
  amount_rial: number | string;
  term_months: number;
  guarantees: string[];
  documents_description: string;
  status: string;
  operator_note: string | null;
  createdAt: string;
}

/**
 * The terms (public): its key is its collection's, so an editor's change turns the server's cached
 * `/credit` stale (the CMS tells the app server which collections changed).
 */
export function creditTermsQuery(api: ContentClient) {
  return queryOptions({
    queryKey: ['credit-settings'],
    queryFn: async ({ signal }) => (await api.request<{ data: CreditTerms }>('/credit-setting', { signal })).data,
    staleTime: 10 * 60_000,
  });
}

export const CREDIT_REQUEST_PAGE_SIZE = 10;

/** The customer's credit requests, newest first. */
export function creditRequestListQuery(api: ContentClient, session: SessionStore, page: number) {
  return queryOptions({
    queryKey: panelKey(session, 'credit-requests', 'list', page),
    queryFn: ({ signal }) =>
      api.find<CreditRequest>(
        'credit-requests',
        { sort: ['createdAt:desc', 'id:desc'], pagination: { page, pageSize: CREDIT_REQUEST_PAGE_SIZE } },
        { signal },
      ),
  });
}

export function useCreditRequests(page: number) {
  const { api, session } = useShell();
  return useLimitedQuery({ ...creditRequestListQuery(api, session, page), placeholderData: keepPreviousData });
}

/** Never retried (docs/architecture.md, "Failure stays contained"): a failed write may have been stored. */
export function useCreateCreditRequest() {
  const { api, session } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CreditRequestValues) => api.create<CreditRequest>('credit-requests', values),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: panelKey(session, 'credit-requests') }),
  });
}
