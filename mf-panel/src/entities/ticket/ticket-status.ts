import { statusLook } from '@steel/shared';
import { TICKET_STATUS } from '../../ui/statuses';
import type { BadgeTone } from '@steel/shared';

/**
 * Ticket departments and priorities with their Persian names (data/domain/persian-ui.md, "Tickets"); statuses
 * are in the panel's one status module.
 */
export type TicketStatus = keyof (typeof TICKET_STATUS)['looks'];

export const TICKET_DEPARTMENT_NAMES = {
  sales: 'فروش',
  support: 'پشتیبانی',
  finance: 'مالی',
  shipping: 'حمل و نقل',
} as const;
export type TicketDepartment = keyof typeof TICKET_DEPARTMENT_NAMES;
export const TICKET_DEPARTMENTS = Object.keys(TICKET_DEPARTMENT_NAMES) as TicketDepartment[];

export const TICKET_PRIORITY_NAMES = { low: 'کم', medium: 'متوسط', high: 'زیاد', urgent: 'فوری' } as const;
export type TicketPriority = keyof typeof TICKET_PRIORITY_NAMES;
export const TICKET_PRIORITIES = Object.keys(TICKET_PRIORITY_NAMES) as TicketPriority[];

const nameOf = <T extends Record<string, string>>(names: T, key: string | null | undefined): string =>
  key && Object.prototype.hasOwnProperty.call(names, key) ? names[key as keyof T]! : (key ?? '');

export const ticketStatusName = (status: string) => statusLook(TICKET_STATUS, status).name;
export const ticketDepartmentName = (department: string | null | undefined) =>
  nameOf(TICKET_DEPARTMENT_NAMES, department);
export const ticketPriorityName = (priority: string | null | undefined) => nameOf(TICKET_PRIORITY_NAMES, priority);

/**
 * A customer may write to and close any ticket that is not closed yet; a closed ticket is final
 * (the CMS refuses messages on it and any status change but «closed»).
 */
export const isTicketOpen = (status: string) => status !== 'closed';

export const ticketStatusTone = (status: string): BadgeTone => statusLook(TICKET_STATUS, status).tone;
