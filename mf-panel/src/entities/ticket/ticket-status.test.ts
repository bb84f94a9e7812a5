import {
  TICKET_DEPARTMENTS,
  TICKET_PRIORITIES,
  isTicketOpen,
  ticketDepartmentName,
  ticketPriorityName,
  ticketStatusName,
  ticketStatusTone,
} from './ticket-status';

describe('ticket statuses, departments and priorities', () => {
  it('are named in Persian as persian-ui.md writes them', () => {
    expect(ticketStatusName('open')).toBe('باز');
    expect(ticketStatusName('awaiting_reply')).toBe('در انتظار پاسخ');
    expect(ticketStatusName('answered')).toBe('پاسخ داده شده');
    expect(ticketStatusName('in_progress')).toBe('در حال بررسی');
    expect(ticketStatusName('closed')).toBe('بسته شده');
    expect(TICKET_DEPARTMENTS.map(ticketDepartmentName)).toEqual(['فروش', 'پشتیبانی', 'مالی', 'حمل و نقل']);
    expect(TICKET_PRIORITIES.map(ticketPriorityName)).toEqual(['کم', 'متوسط', 'زیاد', 'فوری']);
    expect(ticketStatusName('toString')).toBe('toString');
  });

  it('lets the customer write to and close every ticket but a closed one', () => {
    for (const status of ['open', 'awaiting_reply', 'answered', 'in_progress']) expect(isTicketOpen(status)).toBe(true);
    expect(isTicketOpen('closed')).toBe(false);
  });

  it('marks answered tickets as the ones to read', () => {
    expect(ticketStatusTone('answered')).toBe('success');
    expect(ticketStatusTone('closed')).toBe('neutral');
  });
});
