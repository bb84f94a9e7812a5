import { Route, Routes } from '@steel/shared/router';
import { CreditRequestListPage } from './credit-request-list-page';

/** `/panel/credit/**`: the customer's credit requests (a new one is sent from `/credit`). */
export function CreditSection() {
  return (
    <Routes>
      <Route index element={<CreditRequestListPage />} />
    </Routes>
  );
}
