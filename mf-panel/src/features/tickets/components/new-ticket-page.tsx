import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PageHeader, useShell } from '@steel/shared';
import { FormField, SubmitRow, TextInput, useFormWrite, inputClass } from '@steel/shared/forms';
import { useCreateTicket } from '../../../entities/ticket/ticket-queries';
import { newTicketSchema, type NewTicketValues } from '../../../entities/ticket/ticket-schemas';
import {
  TICKET_DEPARTMENTS,
  TICKET_PRIORITIES,
  ticketDepartmentName,
  ticketPriorityName,
} from '../../../entities/ticket/ticket-status';

/** `/panel/ticket/new`: subject, department, priority and the first message. */
export function NewTicketPage() {
  const { navigate } = useShell();
  const create = useCreateTicket();
  const form = useForm<NewTicketValues>({
    resolver: zodResolver(newTicketSchema),
    defaultValues: { subject: '', department: 'support', priority: 'medium', message: '' },
  });
  const { errors } = form.formState;
  const { onSubmit, busy, failure } = useFormWrite(form, create, async (values) => {
    const answer = await create.mutateAsync(values);
    navigate(`/panel/ticket/${answer.data.documentId}`);
  });

  return (
    <section className="max-w-2xl">
      <PageHeader
        title="ارسال تیکت جدید"
        breadcrumb={[
          { label: 'پنل کاربری', to: '/panel' },
          { label: 'تیکت‌ها', to: '/panel/ticket' },
          { label: 'ارسال تیکت جدید' },
        ]}
      />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-busy={busy}>
        <TextInput form={form} name="subject" label="موضوع" />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="بخش" error={errors.department?.message}>
            {(control) => (
              <select {...control} {...form.register('department')} className={inputClass}>
                {TICKET_DEPARTMENTS.map((department) => (
                  <option key={department} value={department}>
                    {ticketDepartmentName(department)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="اولویت" error={errors.priority?.message}>
            {(control) => (
              <select {...control} {...form.register('priority')} className={inputClass}>
                {TICKET_PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {ticketPriorityName(priority)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <TextInput form={form} name="message" label="متن پیام" multiline rows={6} />
        <SubmitRow busy={busy} failure={failure} label="ارسال" />
      </form>
    </section>
  );
}
