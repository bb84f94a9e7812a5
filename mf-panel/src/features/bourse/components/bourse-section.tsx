import { Route, Routes } from '@steel/shared/router';
import { NewPurchaseRequestPage } from './new-purchase-request-page';
import { PurchaseRequestListPage } from './purchase-request-list-page';

/** `/panel/bourse/**`: the customer's purchase requests and a new one from an offer. */
export function BourseSection() {
  return (
    <Routes>
      <Route index element={<PurchaseRequestListPage />} />
      <Route path="new" element={<NewPurchaseRequestPage />} />
    </Routes>
  );
}
