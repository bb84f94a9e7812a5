import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createOrderRequest,
  useLimitedQuery,
  useShell,
  type ContentClient,
  type OrderRequest,
  type SessionStore,
  type StrapiList,
} from '@steel/shared';
import { panelKey } from '../../ui/owner-key';
import { useCustomerStatusChange } from '../../ui/use-customer-status-change';
import type { OrderStatus } from './order-status';

export interface OrderItem {
  id?: number;
  product_slug: string;
  product_name: string | null;
  quantity: number | string;
  sale_unit: string | null;
  unit_price: number | string | null;
  /** Rial per sale unit, on an order made from an accepted quote. */
  quoted_unit_price?: number | string | null;
  illustrative: boolean | null;
}

export interface StatusChange {
  status: string;
  at: string;
}

export interface Order {
  id: number;
  documentId: string;
  number: string;
  status: OrderStatus;
  status_history: StatusChange[] | null;
  total_price: number | string | null;
  /** An order made from an accepted quote: the inquiry's number and the quote's figures (rial). */
  inquiry_number?: string | null;
  lines_total?: number | string | null;
  shipping_price?: number | string | null;
  tax_rate_percent?: number | string | null;
  tax_price?: number | string | null;
  note: string | null;
  delivery_address: string | null;
  contact_phone: string | null;
  items?: OrderItem[];
  createdAt: string;
  updatedAt?: string;
}

export interface OrderListParams {
  page: number;
  status?: OrderStatus | undefined;
  pageSize?: number;
}

export const ORDER_PAGE_SIZE = 10;

/** The customer's orders, newest first; the CMS scopes them to the token's owner. */
export function orderListQuery(api: ContentClient, session: SessionStore, params: OrderListParams) {
  const pageSize = params.pageSize ?? ORDER_PAGE_SIZE;
  return queryOptions({
    queryKey: panelKey(session, 'orders', 'list', { page: params.page, status: params.status ?? null, pageSize }),
    queryFn: ({ signal }) =>
      api.find<Order>(
        'orders',
        {
          sort: ['createdAt:desc', 'id:desc'],
          populate: ['items'],
          pagination: { page: params.page, pageSize },
          ...(params.status ? { filters: { status: { $eq: params.status } } } : {}),
        },
        { signal },
      ),
  });
}

export function orderQuery(api: ContentClient, session: SessionStore, documentId: string) {
  return queryOptions({
    queryKey: panelKey(session, 'orders', 'one', documentId),
    queryFn: ({ signal }) => api.findOne<Order>('orders', documentId, { populate: ['items'] }, { signal }),
  });
}

/** How many of the customer's orders are in one of `statuses` (only the count is fetched). */
export function orderCountQuery(api: ContentClient, session: SessionStore, statuses: readonly string[]) {
  return queryOptions({
    queryKey: panelKey(session, 'orders', 'count', statuses),
    queryFn: async ({ signal }) => {
      const list: StrapiList<Order> = await api.find<Order>(
        'orders',
        { filters: { status: { $in: statuses } }, fields: ['status'], pagination: { page: 1, pageSize: 1 } },
        { signal },
      );
      return list.meta.pagination?.total ?? list.data.length;
    },
  });
}

/** What the new-order form needs of a product: name, unit, illustrative price. */
export interface OrderableProduct {
  documentId: string;
  slug: string;
  name: string;
  sale_unit: string | null;
  price: number | string | null;
  illustrative: boolean | null;
}

export function orderableProductsQuery(api: ContentClient, slugs: readonly string[]) {
  return queryOptions({
    queryKey: ['catalogue', 'orderable-products', [...slugs].sort()],
    queryFn: async ({ signal }) => {
      if (slugs.length === 0) return [];
      const list = await api.find<OrderableProduct>(
        'products',
        {
          filters: { slug: { $in: slugs } },
          fields: ['slug', 'name', 'sale_unit', 'price', 'illustrative'],
          pagination: { page: 1, pageSize: slugs.length },
        },
        { signal },
      );
      return list.data;
    },
  });
}

export function useOrderList(params: OrderListParams) {
  const { api, session } = useShell();
  return useLimitedQuery({ ...orderListQuery(api, session, params), placeholderData: keepPreviousData });
}

export function useOrder(documentId: string) {
  const { api, session } = useShell();
  return useLimitedQuery(orderQuery(api, session, documentId));
}

export function useOrderCount(statuses: readonly string[]) {
  const { api, session } = useShell();
  return useLimitedQuery(orderCountQuery(api, session, statuses));
}

export function useOrderableProducts(slugs: readonly string[]) {
  const { api } = useShell();
  return useLimitedQuery(orderableProductsQuery(api, slugs));
}

export interface NewOrder extends OrderRequest {
  delivery_address: string;
  contact_phone: string;
  note: string;
}

/** Never retried (docs/architecture.md, "Failure stays contained"): a failed write leaves the form as it was. */
export function useCreateOrder() {
  const { api, session } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: NewOrder) => createOrderRequest<Order>(api, order),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: panelKey(session, 'orders') }),
  });
}

/** Cancels an order (its documentId): allowed before it is paid for (canCustomerCancelOrder). */
export const useCancelOrder = () =>
  useCustomerStatusChange({ collection: 'orders', section: 'orders', status: 'cancelled' });
