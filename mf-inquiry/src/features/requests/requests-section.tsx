import { Route, Routes } from '@steel/shared/router';
import { RequestListPage } from './request-list-page';
import { RequestDetailPage } from './request-detail-page';
import { ProformaPage } from './proforma-page';

/** `/inquiry/requests/**`: the buyer's inquiries, one inquiry with its quote, and its pro-forma. */
export function RequestsSection() {
  return (
    <Routes>
      <Route index element={<RequestListPage />} />
      <Route path=":documentId" caseSensitive element={<RequestDetailPage />} />
      <Route path=":documentId/proforma" caseSensitive element={<ProformaPage />} />
    </Routes>
  );
}
