import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLimitedQuery, useShell, type ContentClient, type SessionStore } from '@steel/shared';
import { panelKey } from '../../../ui/owner-key';
import { useCustomerStatusChange } from '../../../ui/use-customer-status-change';
import type { PurchaseRequestValues } from '../purchase-request-schema';

export interface ExchangeOffer {
  documentId: string;
  offer_code: string;
  offer_date: string;
  offer_date_jalali: string | null;
  commodity: string;
  producer: string | null;
  base_price: number | string | null;
  offered_volume: number | string | null;
  min_purchase: number | string | null;
  max_purchase: number | string | null;
  delivery_place: string | null;
  trade_status: string | null;
}

export interface PurchaseRequest {
  id: number;
  documentId: string;
  commodity: string | null;
  quantity_tonnes: number | string;
  max_price: number | string | null;
  note: string | null;
  contact_phone: string | null;
  status: string;
  createdAt: string;
  exchange_offer: Pick<ExchangeOffer, 'documentId' | 'offer_code' | 'commodity' | 'offer_date'> | null;
}

const OFFER_FIELDS = [
  'offer_code',
  'offer_date',
  'offer_date_jalali',
  'commodity',
  'producer',
  'base_price',
  'offered_volume',
  'min_purchase',
  'max_purchase',
  'delivery_place',
  'trade_status',
];

export const PURCHASE_REQUEST_PAGE_SIZE = 10;

/** The customer's exchange purchase requests, newest first, with the offer each is for. */
export function purchaseRequestListQuery(api: ContentClient, session: SessionStore, page: number) {
  return queryOptions({
    queryKey: panelKey(session, 'purchase-requests', 'list', page),
    queryFn: ({ signal }) =>
      api.find<PurchaseRequest>(
        'exchange-purchase-requests',
        {
          sort: ['createdAt:desc', 'id:desc'],
          populate: { exchange_offer: { fields: ['offer_code', 'commodity', 'offer_date'] } },
          pagination: { page, pageSize: PURCHASE_REQUEST_PAGE_SIZE },
        },
        { signal },
      ),
  });
}

/** Public offers (newest first), to choose the one a request is for. */
export function exchangeOffersQuery(api: ContentClient) {
  return queryOptions({
    queryKey: ['catalogue', 'exchange-offers', 'for-request'],
    queryFn: async ({ signal }) =>
      (
        await api.find<ExchangeOffer>(
          'exchange-offers',
          { sort: ['offer_date:desc', 'offer_code:asc'], fields: OFFER_FIELDS, pagination: { page: 1, pageSize: 50 } },
          { signal },
        )
      ).data,
  });
}

export function exchangeOfferQuery(api: ContentClient, documentId: string) {
  return queryOptions({
    queryKey: ['catalogue', 'exchange-offers', 'one', documentId],
    queryFn: async ({ signal }) =>
      (await api.findOne<ExchangeOffer>('exchange-offers', documentId, { fields: OFFER_FIELDS }, { signal })).data,
  });
}

export function usePurchaseRequests(page: number) {
  const { api, session } = useShell();
  return useLimitedQuery({ ...purchaseRequestListQuery(api, session, page), placeholderData: keepPreviousData });
}

export function useExchangeOffers(enabled: boolean) {
  const { api } = useShell();
  return useLimitedQuery({ ...exchangeOffersQuery(api), enabled });
}

export function useExchangeOffer(documentId: string | null) {
  const { api } = useShell();
  return useLimitedQuery({ ...exchangeOfferQuery(api, documentId ?? ''), enabled: Boolean(documentId) });
}

/** Never retried (docs/architecture.md, "Failure stays contained"). */
export function useCreatePurchaseRequest() {
  const { api, session } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offer, values }: { offer: ExchangeOffer; values: PurchaseRequestValues }) =>
      api.create<PurchaseRequest>('exchange-purchase-requests', {
        exchange_offer: offer.documentId,
        commodity: offer.commodity,
        quantity_tonnes: values.quantity_tonnes,
        ...(values.max_price !== undefined ? { max_price: values.max_price } : {}),
        contact_phone: values.contact_phone,
        ...(values.note ? { note: values.note } : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: panelKey(session, 'purchase-requests') }),
  });
}

/** Cancels a purchase request (its documentId): allowed while it is pending (canCancelPurchaseRequest). */
export const useCancelPurchaseRequest = () =>
  useCustomerStatusChange({
    collection: 'exchange-purchase-requests',
    section: 'purchase-requests',
    status: 'cancelled',
  });
