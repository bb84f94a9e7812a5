import { queryOptions, useQuery } from '@tanstack/react-query';
import { useShell, type ContentClient, type SessionStore } from '@steel/shared';
import type { BadgeTone } from '../../ui/status-badge';
import { panelKey } from '../../ui/owner-key';

/** A warehouse reservation made on `/reserve_warehouse` (the catalogue's form). */
export interface WarehouseReservation {
  documentId: string;
  product_description: string | null;
  quantity_tonnes: number | string;
  start_date: string | null;
  duration_days: number | null;
  status: 'submitted' | 'reviewing' | 'reserved' | 'rejected' | 'cancelled';
  createdAt: string;
}

const STATUS: Record<WarehouseReservation['status'], { name: string; tone: BadgeTone }> = {
  submitted: { name: 'ثبت‌شده', tone: 'info' },
  reviewing: { name: 'در حال بررسی', tone: 'warning' },
  reserved: { name: 'رزرو شد', tone: 'success' },
  rejected: { name: 'رد شد', tone: 'danger' },
  cancelled: { name: 'لغوشده', tone: 'neutral' },
};
export const reservationStatus = (status: WarehouseReservation['status']) => STATUS[status] ?? { name: status, tone: 'neutral' as const };

/** The customer's latest reservations; the CMS scopes them to the token's owner. */
export function reservationListQuery(api: ContentClient, session: SessionStore, pageSize: number) {
  return queryOptions({
    queryKey: panelKey(session, 'warehouse-reservations', 'list', pageSize),
    queryFn: ({ signal }) => api.find<WarehouseReservation>('warehouse-reservations', { sort: ['createdAt:desc', 'id:desc'], pagination: { page: 1, pageSize } }, { signal }),
  });
}

export function useReservationList(pageSize: number) {
  const { api, session } = useShell();
  return useQuery(reservationListQuery(api, session, pageSize));
}
