import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLimitedQuery, useShell, type ContentClient, type SessionStore, type StrapiSingle } from '@steel/shared';
import { panelKey } from '../../ui/owner-key';
import { useCustomerStatusChange } from '../../ui/use-customer-status-change';
import type { NewTicketValues } from './ticket-schemas';
import type { TicketStatus } from './ticket-status';

export interface TicketMessage {
  id?: number;
  author: 'customer' | 'staff';
  author_name: string | null;
  body: string;
  sent_at: string | null;
}

export interface Ticket {
  id: number;
  documentId: string;
  number: string;
  subject: string;
  department: string;
  priority: string;
  status: TicketStatus;
  messages?: TicketMessage[];
  createdAt: string;
  updatedAt: string;
}

export const TICKET_PAGE_SIZE = 10;

/** The customer's tickets, most recently active first. */
export function ticketListQuery(
  api: ContentClient,
  session: SessionStore,
  params: { page: number; pageSize?: number },
) {
  const pageSize = params.pageSize ?? TICKET_PAGE_SIZE;
  return queryOptions({
    queryKey: panelKey(session, 'tickets', 'list', { page: params.page, pageSize }),
    queryFn: ({ signal }) =>
      api.find<Ticket>(
        'tickets',
        {
          sort: ['updatedAt:desc', 'id:desc'],
          fields: ['number', 'subject', 'department', 'priority', 'status', 'createdAt', 'updatedAt'],
          pagination: { page: params.page, pageSize },
        },
        { signal },
      ),
  });
}

export function ticketQuery(api: ContentClient, session: SessionStore, documentId: string) {
  return queryOptions({
    queryKey: panelKey(session, 'tickets', 'one', documentId),
    queryFn: ({ signal }) => api.findOne<Ticket>('tickets', documentId, { populate: ['messages'] }, { signal }),
  });
}

/** How many of the customer's tickets are not closed. */
export function openTicketCountQuery(api: ContentClient, session: SessionStore) {
  return queryOptions({
    queryKey: panelKey(session, 'tickets', 'open-count'),
    queryFn: async ({ signal }) => {
      const list = await api.find<Ticket>(
        'tickets',
        { filters: { status: { $ne: 'closed' } }, fields: ['status'], pagination: { page: 1, pageSize: 1 } },
        { signal },
      );
      return list.meta.pagination?.total ?? list.data.length;
    },
  });
}

export function useTicketList(page: number, pageSize?: number) {
  const { api, session } = useShell();
  return useLimitedQuery({
    ...ticketListQuery(api, session, { page, ...(pageSize ? { pageSize } : {}) }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(documentId: string) {
  const { api, session } = useShell();
  return useLimitedQuery(ticketQuery(api, session, documentId));
}

export function useOpenTicketCount() {
  const { api, session } = useShell();
  return useLimitedQuery(openTicketCountQuery(api, session));
}

/** Writes are never retried (docs/architecture.md, "Failure stays contained"); the forms keep their values on failure. */
export function useCreateTicket() {
  const { api, session } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, ...ticket }: NewTicketValues) =>
      api.create<Ticket>('tickets', { ...ticket, messages: [{ body: message }] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: panelKey(session, 'tickets') }),
  });
}

export function useReplyToTicket(documentId: string) {
  const { api, session } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.request<StrapiSingle<Ticket>>(`/tickets/${encodeURIComponent(documentId)}/messages`, {
        method: 'POST',
        body: { data: { body } },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(ticketQuery(api, session, documentId).queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: panelKey(session, 'tickets') });
    },
  });
}

/** Closes a ticket (its documentId): a customer may close one in any status. */
export const useCloseTicket = () =>
  useCustomerStatusChange({ collection: 'tickets', section: 'tickets', status: 'closed' });
