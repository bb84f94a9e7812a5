import { useSearchParams } from '@steel/shared/router';
import { formatPersianDate, pageFromQuery } from '@steel/shared';
import { RecordListItem, RecordListPage } from '../../../ui/record-list-page';
import { useTicketList } from '../../../entities/ticket/ticket-queries';
import {
  ticketDepartmentName,
  ticketPriorityName,
  ticketStatusName,
  ticketStatusTone,
} from '../../../entities/ticket/ticket-status';

/** `/panel/ticket`: the customer's tickets with their status; the page lives in the URL. */
export function TicketListPage() {
  const [searchParams] = useSearchParams();
  const page = pageFromQuery(searchParams);
  const query = useTicketList(page);
  return (
    <RecordListPage
      title="تیکت‌ها"
      newRecord={{ to: '/panel/ticket/new', label: 'ارسال تیکت جدید' }}
      query={query}
      listLabel="فهرست تیکت‌ها"
      page={page}
    >
      {(ticket) => (
        <RecordListItem
          key={ticket.documentId}
          to={`/panel/ticket/${ticket.documentId}`}
          name={ticket.subject}
          details={
            <>
              شماره <bdi>{ticket.number}</bdi> · بخش {ticketDepartmentName(ticket.department)} · اولویت{' '}
              {ticketPriorityName(ticket.priority)} · {formatPersianDate(ticket.updatedAt)}
            </>
          }
          status={{ label: ticketStatusName(ticket.status), tone: ticketStatusTone(ticket.status) }}
        />
      )}
    </RecordListPage>
  );
}
