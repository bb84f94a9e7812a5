import { queryOptions } from '@tanstack/react-query';
import { useLimitedQuery, useShell, type ContentClient, type SessionStore, statusLook } from '@steel/shared';
import { RESERVATION_STATUS } from '../../ui/statuses';
import { panelKey } from '../../ui/owner-key';

/** A warehouse reservation made on `/reserve_warehouse` (the catalogue's form). */
export interface WarehouseReservation {
  documentId: string;
  product_description: string | null;
  quantity_tonnes: number | string;
  start_date: string | null;
  duration_days: number | null;
  status: keyof (typeof RESERVATION_STATUS)['looks'];
  createdAt: string;
}

export const reservationStatus = (status: WarehouseReservation['status']) => statusLook(RESERVATION_STATUS, status);

/** The customer's latest reservations; the CMS scopes them to the token's owner. */
export function reservationListQuery(api: ContentClient, session: SessionStore, pageSize: number) {
  return queryOptions({
    queryKey: panelKey(session, 'warehouse-reservations', 'list', pageSize),
    queryFn: ({ signal }) =>
      api.find<WarehouseReservation>(
        'warehouse-reservations',
        { sort: ['createdAt:desc', 'id:desc'], pagination: { page: 1, pageSize } },
        { signal },
      ),
  });
}

export function useReservationList(pageSize: number) {
  const { api, session } = useShell();
  return useLimitedQuery(reservationListQuery(api, session, pageSize));
}
