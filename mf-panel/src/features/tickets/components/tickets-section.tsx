import { Route, Routes } from '@steel/shared/router';
import { NewTicketPage } from './new-ticket-page';
import { TicketListPage } from './ticket-list-page';
import { TicketThreadPage } from './ticket-thread-page';

/** `/panel/ticket/**`: the list, a new ticket, one ticket's thread. */
export function TicketsSection() {
  return (
    <Routes>
      <Route index element={<TicketListPage />} />
      <Route path="new" element={<NewTicketPage />} />
      <Route path=":documentId" element={<TicketThreadPage />} />
    </Routes>
  );
}
