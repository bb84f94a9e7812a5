import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { HydratedForm, PHONE_INPUT, SubmitRow, TextInput } from '@steel/shared/forms';
import { contactSchema, exportInquirySchema } from '../../lib/forms/form-schemas';
import { useCreateRecord } from '../../lib/forms/use-create-record';

/** Shown after a stored message, under the emptied form. */
function SentNote({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p
      role="status"
      className="rounded-md border border-success-600 bg-green-50 px-3 py-2 text-sm text-green-800 dark:bg-slate-900 dark:text-green-200"
    >
      {text}
    </p>
  );
}

/**
 * A form that stores a contact message of one kind (`contact`, `export`): validated by its
 * schema, sent once, emptied and confirmed (toast and note) when stored, kept as typed when not.
 */
function useContactMessageForm<Schema extends z.ZodType<FieldValues, FieldValues>>(options: {
  schema: Schema;
  kind: 'contact' | 'export';
  defaultValues: DefaultValues<z.input<Schema>>;
  sentTitle: string;
  sentNote: string;
}) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(options.schema),
    defaultValues: options.defaultValues,
  });
  const { onSubmit, busy, failure, stored } = useCreateRecord(
    form,
    'contact-messages',
    { title: options.sentTitle, description: options.sentNote },
    (values) => ({ ...values, kind: options.kind }),
  );
  return { form, onSubmit, busy, failure, sentNote: stored ? options.sentNote : null };
}

/** How both forms ask for the sender's mobile and e-mail address. */
const MOBILE_FIELD = { label: 'شماره موبایل', ...PHONE_INPUT, hint: 'مثلاً ۰۹۱۲۱۲۳۴۵۶۷' } as const;
const EMAIL_FIELD = {
  label: 'ایمیل (اختیاری)',
  type: 'email',
  inputMode: 'email',
  dir: 'ltr',
  autoComplete: 'email',
} as const;

/** `/contact-us`: a contact message in the CMS. */
export function ContactForm() {
  const { form, onSubmit, busy, failure, sentNote } = useContactMessageForm({
    schema: contactSchema,
    kind: 'contact',
    defaultValues: { name: '', phone: '', email: '', subject: '', message: '' },
    sentTitle: 'پیام شما ارسال شد',
    sentNote: 'پیام شما ثبت شد؛ کارشناسان ما به‌زودی با شما تماس می‌گیرند.',
  });
  return (
    <section aria-labelledby="contact-form-heading" className="mt-8 max-w-2xl">
      <h2 id="contact-form-heading" className="mb-4 text-xl font-bold">
        فرم تماس
      </h2>
      <HydratedForm onSubmit={onSubmit} busy={busy} className="flex flex-col gap-4" data-form="contact">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput form={form} name="name" label="نام و نام خانوادگی" autoComplete="name" />
          <TextInput form={form} name="phone" {...MOBILE_FIELD} />
          <TextInput form={form} name="email" {...EMAIL_FIELD} />
          <TextInput form={form} name="subject" label="موضوع (اختیاری)" />
        </div>
        <TextInput form={form} name="message" label="متن پیام" multiline />
        <SentNote text={sentNote} />
        <SubmitRow busy={busy} failure={failure} label="ارسال پیام" />
      </HydratedForm>
    </section>
  );
}

/** `/export`: an export inquiry, stored as a contact message of kind `export` (one inbox, one rate limit). */
export function ExportInquiryForm() {
  const { form, onSubmit, busy, failure, sentNote } = useContactMessageForm({
    schema: exportInquirySchema,
    kind: 'export',
    defaultValues: { name: '', company: '', phone: '', email: '', subject: '', message: '' },
    sentTitle: 'استعلام صادرات ارسال شد',
    sentNote: 'درخواست استعلام صادرات شما ثبت شد؛ کارشناس صادرات با شما تماس می‌گیرد.',
  });
  return (
    <section aria-labelledby="export-form-heading" className="mt-8 max-w-2xl">
      <h2 id="export-form-heading" className="mb-4 text-xl font-bold">
        استعلام صادرات
      </h2>
      <HydratedForm onSubmit={onSubmit} busy={busy} className="flex flex-col gap-4" data-form="export">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput form={form} name="name" label="نام و نام خانوادگی" autoComplete="name" />
          <TextInput form={form} name="company" label="نام شرکت (اختیاری)" autoComplete="organization" />
          <TextInput form={form} name="phone" {...MOBILE_FIELD} />
          <TextInput form={form} name="email" {...EMAIL_FIELD} />
        </div>
        <TextInput form={form} name="subject" label="محصول موردنظر" hint="مثلاً میلگرد ۱۶ یا ورق گرم" />
        <TextInput form={form} name="message" label="مقدار، مقصد و شرایط تحویل" multiline />
        <SentNote text={sentNote} />
        <SubmitRow busy={busy} failure={failure} label="ارسال استعلام" />
      </HydratedForm>
    </section>
  );
}
