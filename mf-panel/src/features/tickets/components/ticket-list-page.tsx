import { useSearchParams } from 'react-router';
import { Link, PageHeader, formatPersianDate, pageFromQuery } from '@steel/shared';
import { RecordList } from '../../../ui/record-list';
import { StatusBadge } from '../../../ui/status-badge';
import { card, linkText, primaryButton } from '../../../ui/styles';
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
    <section>
      <PageHeader title="تیکت‌ها" breadcrumb={[{ label: 'پنل کاربری', to: '/panel' }, { label: 'تیکت‌ها' }]} />
      <div className="mb-4 flex justify-end">
        <Link to="/panel/ticket/new" className={primaryButton}>
          ارسال تیکت جدید
        </Link>
      </div>
      <RecordList query={query} label="فهرست تیکت‌ها" page={page}>
        {(ticket) => (
          <li key={ticket.documentId} className={`${card} flex flex-wrap items-center justify-between gap-3`}>
            <div className="flex flex-col gap-1">
              <Link to={`/panel/ticket/${ticket.documentId}`} className={`${linkText} font-semibold`}>
                {ticket.subject}
              </Link>
              <span className="text-sm text-slate-600 dark:text-slate-300">
                شماره <bdi>{ticket.number}</bdi> · بخش {ticketDepartmentName(ticket.department)} · اولویت{' '}
                {ticketPriorityName(ticket.priority)} · {formatPersianDate(ticket.updatedAt)}
              </span>
            </div>
            <StatusBadge label={ticketStatusName(ticket.status)} tone={ticketStatusTone(ticket.status)} />
          </li>
        )}
      </RecordList>
    </section>
  );
}
