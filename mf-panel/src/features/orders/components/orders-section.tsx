import { Route, Routes } from '@steel/shared/router';
import { OrderListPage } from './order-list-page';
import { NewOrderPage } from './new-order-page';
import { OrderDetailPage } from './order-detail-page';

/** `/panel/order/**`: the list, a new order request, one order. */
export function OrdersSection() {
  return (
    <Routes>
      <Route index element={<OrderListPage />} />
      <Route path="new" element={<NewOrderPage />} />
      <Route path=":documentId" element={<OrderDetailPage />} />
    </Routes>
  );
}
