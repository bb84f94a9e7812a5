import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_QUERY_KEY } from '@steel/contract';
import { useLimitedQuery, useShell, type ContentClient, type SessionStore } from '@steel/shared';
import type { Inquiry, NewInquiry, Seller } from './inquiry';

/**
 * Every query of the buyer's inquiries is `['customer', <user id>, 'inquiries', …]`: the shell drops
 * everything under CUSTOMER_QUERY_KEY when the session changes hands, and the user id keeps two
 * buyers' records apart in the page's one query cache even before that.
 */
export const inquiryKey = (session: SessionStore, ...rest: unknown[]): unknown[] => [
  CUSTOMER_QUERY_KEY,
  session.getUser()?.id ?? 'anonymous',
  'inquiries',
  ...rest,
];

export const INQUIRY_PAGE_SIZE = 10;

/** The buyer's inquiries, newest first, with their lines; the CMS scopes them to the token's owner. */
export function inquiryListQuery(api: ContentClient, session: SessionStore, page: number) {
  return queryOptions({
    queryKey: inquiryKey(session, 'list', page),
    queryFn: ({ signal }) =>
      api.find<Inquiry>(
        'inquiries',
        {
          sort: ['createdAt:desc', 'id:desc'],
          pagination: { page, pageSize: INQUIRY_PAGE_SIZE },
        },
        { signal },
      ),
  });
}

export function inquiryQuery(api: ContentClient, session: SessionStore, documentId: string) {
  return queryOptions({
    queryKey: inquiryKey(session, 'one', documentId),
    queryFn: async ({ signal }) => (await api.findOne<Inquiry>('inquiries', documentId, undefined, { signal })).data,
  });
}

/** Who sells, as every pro-forma names them (the CMS's single type; public, so the key is its own). */
export function sellerQuery(api: ContentClient) {
  return queryOptions({
    queryKey: ['seller'],
    queryFn: async ({ signal }) => (await api.request<{ data: Seller }>('/seller', { signal })).data,
    staleTime: 10 * 60_000,
  });
}

export function useSeller() {
  const { api } = useShell();
  return useLimitedQuery(sellerQuery(api));
}

export function useInquiryList(page: number) {
  const { api, session } = useShell();
  return useLimitedQuery({ ...inquiryListQuery(api, session, page), placeholderData: keepPreviousData });
}

export function useInquiry(documentId: string) {
  const { api, session } = useShell();
  return useLimitedQuery(inquiryQuery(api, session, documentId));
}

/** Writes are never retried (docs/architecture.md, "Failure stays contained"): a failure is shown, the values kept. */
function useInquiryWrite<Variables, Result>(write: (api: ContentClient, variables: Variables) => Promise<Result>) {
  const { api, session } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => write(api, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inquiryKey(session) }),
  });
}

export const useSendInquiry = () =>
  useInquiryWrite(async (api, inquiry: NewInquiry) => (await api.create<Inquiry>('inquiries', inquiry)).data);

export interface Acceptance {
  inquiry: Inquiry;
  order: { documentId: string; number: string };
}

/** Accepts a quote: the CMS turns it into an order in the buyer's orders (a second accept is refused). */
export const useAcceptQuote = () =>
  useInquiryWrite(
    async (api, documentId: string) =>
      (
        await api.request<{ data: Acceptance }>(`/inquiries/${encodeURIComponent(documentId)}/accept`, {
          method: 'POST',
          body: {},
        })
      ).data,
  );

/** Withdraws an inquiry (sent or quoted): the customer's one status change, as orders are cancelled. */
export const useCancelInquiry = () =>
  useInquiryWrite((api, documentId: string) => api.update<Inquiry>('inquiries', documentId, { status: 'cancelled' }));
