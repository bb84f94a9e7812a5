import { z } from 'zod';
import { TICKET_DEPARTMENTS, TICKET_PRIORITIES } from './ticket-status';

const message = z.string().trim().min(1, 'این فیلد الزامی است').max(5000, 'متن پیام حداکثر ۵۰۰۰ نویسه است');

/** A new ticket: subject, department, priority and the first message (one schema, shared with its tests). */
export const newTicketSchema = z.object({
  subject: z.string().trim().min(3, 'موضوع را دست‌کم در ۳ نویسه بنویسید').max(200, 'موضوع حداکثر ۲۰۰ نویسه است'),
  department: z.enum(TICKET_DEPARTMENTS as [string, ...string[]], { error: 'بخش را انتخاب کنید' }),
  priority: z.enum(TICKET_PRIORITIES as [string, ...string[]], { error: 'اولویت را انتخاب کنید' }),
  message,
});
export type NewTicketValues = z.infer<typeof newTicketSchema>;

/** A reply in a ticket's thread. */
export const ticketReplySchema = z.object({ body: message });
export type TicketReplyValues = z.infer<typeof ticketReplySchema>;
