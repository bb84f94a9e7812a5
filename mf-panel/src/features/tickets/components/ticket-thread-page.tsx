import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams } from '@steel/shared/router';
import {
  formatPersianDateTime,
  PageHeader,
  ConfirmAction,
  QueryState,
  StatusBadge,
  apiErrorMessage,
} from '@steel/shared';
import { SubmitRow, TextInput, useFormWrite } from '@steel/shared/forms';
import { useCloseTicket, useReplyToTicket, useTicket, type Ticket } from '../../../entities/ticket/ticket-queries';
import { ticketReplySchema, type TicketReplyValues } from '../../../entities/ticket/ticket-schemas';
import {
  isTicketOpen,
  ticketDepartmentName,
  ticketPriorityName,
  ticketStatusName,
  ticketStatusTone,
} from '../../../entities/ticket/ticket-status';

/** «پشتیبانی», or «پشتیبانی (name)» when a named person answered. */
const staffLabel = (name: string | null) => (!name || name === 'پشتیبانی' ? 'پشتیبانی' : `پشتیبانی (${name})`);

const crumbs = [
  { label: 'پنل کاربری', to: '/panel' },
  { label: 'تیکت‌ها', to: '/panel/ticket' },
];

/** `/panel/ticket/:documentId`: the thread (customer and staff), reply, close. */
export function TicketThreadPage() {
  const { documentId = '' } = useParams();
  const query = useTicket(documentId);
  if (query.isSuccess) return <TicketThread ticket={query.data.data} />;
  return (
    <section>
      <PageHeader title="تیکت" breadcrumb={[...crumbs, { label: 'تیکت' }]} />
      <QueryState query={query}>{() => null}</QueryState>
    </section>
  );
}

function TicketThread({ ticket }: { ticket: Ticket }) {
  const open = isTicketOpen(ticket.status);
  return (
    <section className="max-w-3xl">
      <PageHeader title={ticket.subject} breadcrumb={[...crumbs, { label: `تیکت ${ticket.number}` }]}>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
          <StatusBadge label={ticketStatusName(ticket.status)} tone={ticketStatusTone(ticket.status)} />
          <span>
            شماره تیکت <bdi>{ticket.number}</bdi>
          </span>
          <span>بخش: {ticketDepartmentName(ticket.department)}</span>
          <span>اولویت: {ticketPriorityName(ticket.priority)}</span>
        </div>
      </PageHeader>
      {/* Every message is rendered as text (React escapes it): what a customer wrote is never HTML. */}
      <ol aria-label="پیام‌ها" className="flex flex-col gap-3">
        {(ticket.messages ?? []).map((message, index) => {
          const staff = message.author === 'staff';
          return (
            <li
              key={message.id ?? index}
              data-author={message.author}
              className={`max-w-[85%] rounded-lg border p-3 ${staff ? 'self-end border-sky-200 bg-sky-50 dark:border-sky-800 dark:bg-sky-950' : 'self-start border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'}`}
            >
              <div className="mb-1 flex flex-wrap gap-2 text-xs text-slate-600 dark:text-slate-400">
                <span className="font-semibold">
                  {staff ? staffLabel(message.author_name) : (message.author_name ?? 'شما')}
                </span>
                <span>{formatPersianDateTime(message.sent_at)}</span>
              </div>
              <p className="whitespace-pre-wrap break-words text-slate-900 dark:text-slate-100">{message.body}</p>
            </li>
          );
        })}
      </ol>
      {open ? (
        <div className="mt-6 flex flex-col gap-4">
          <ReplyForm documentId={ticket.documentId} />
          <CloseTicket documentId={ticket.documentId} />
        </div>
      ) : (
        <p className="mt-6 text-slate-600 dark:text-slate-300">این تیکت بسته شده است.</p>
      )}
    </section>
  );
}

function ReplyForm({ documentId }: { documentId: string }) {
  const reply = useReplyToTicket(documentId);
  const form = useForm<TicketReplyValues>({ resolver: zodResolver(ticketReplySchema), defaultValues: { body: '' } });
  const { onSubmit, busy, failure } = useFormWrite(form, reply, async ({ body }) => {
    await reply.mutateAsync(body);
    form.reset({ body: '' });
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3" aria-busy={busy}>
      <TextInput form={form} name="body" label="متن پیام" multiline rows={4} />
      <SubmitRow busy={busy} failure={failure} label="ارسال پاسخ" />
    </form>
  );
}

function CloseTicket({ documentId }: { documentId: string }) {
  const close = useCloseTicket();
  return (
    <ConfirmAction
      busy={close.isPending}
      failure={close.isError ? apiErrorMessage(close.error) : null}
      run={() => close.mutateAsync(documentId)}
      label="بستن تیکت"
      question="این تیکت بسته شود؟ پس از بستن نمی‌توانید به آن پاسخ دهید."
      confirmLabel="تأیید"
      pendingLabel="در حال بستن…"
      tone="neutral"
    />
  );
}
