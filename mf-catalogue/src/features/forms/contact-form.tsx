import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema, exportInquirySchema, type ContactInput, type ContactValues, type ExportInquiryInput, type ExportInquiryValues } from './form-schemas';
import { TextInput, SubmitRow } from './form-controls';
import { useCreateRecord } from './use-create-record';

const SENT_NOTE = 'پیام شما ثبت شد؛ کارشناسان ما به‌زودی با شما تماس می‌گیرند.';

/** Shown after a stored message, in place of the emptied form's silence. */
function SentNote({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="status" className="rounded-md border border-success-600 bg-green-50 px-3 py-2 text-sm text-green-800 dark:bg-slate-900 dark:text-green-200">
      {text}
    </p>
  );
}

/** `/contact-us`: a contact message in the CMS (contact-messages, kind `contact`). */
export function ContactForm() {
  const { submit, mutation } = useCreateRecord<ContactValues & { kind: 'contact' }>('contact-messages', { title: 'پیام شما ارسال شد', description: SENT_NOTE });
  const [sent, setSent] = useState(false);
  const form = useForm<ContactInput, unknown, ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', phone: '', email: '', subject: '', message: '' },
  });
  const busy = form.formState.isSubmitting || mutation.isPending;
  const onSubmit = form.handleSubmit(async (values) => {
    setSent(false);
    if (await submit({ ...values, kind: 'contact' })) {
      form.reset();
      setSent(true);
    }
  });
  return (
    <section aria-labelledby="contact-form-heading" className="mt-8 max-w-2xl">
      <h2 id="contact-form-heading" className="mb-4 text-xl font-bold">
        فرم تماس
      </h2>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={busy} data-form="contact">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput form={form} name="name" label="نام و نام خانوادگی" autoComplete="name" />
          <TextInput form={form} name="phone" label="شماره موبایل" type="tel" inputMode="tel" dir="ltr" autoComplete="tel" hint="مثلاً ۰۹۱۲۱۲۳۴۵۶۷" />
          <TextInput form={form} name="email" label="ایمیل (اختیاری)" type="email" inputMode="email" dir="ltr" autoComplete="email" />
          <TextInput form={form} name="subject" label="موضوع (اختیاری)" />
        </div>
        <TextInput form={form} name="message" label="متن پیام" multiline />
        <SentNote text={sent ? SENT_NOTE : null} />
        <SubmitRow busy={busy} error={mutation.isError ? mutation.error : null} label="ارسال پیام" />
      </form>
    </section>
  );
}

/** `/export`: an export inquiry, stored as a contact message of kind `export` (see form-schemas.ts). */
export function ExportInquiryForm() {
  const note = 'درخواست استعلام صادرات شما ثبت شد؛ کارشناس صادرات با شما تماس می‌گیرد.';
  const { submit, mutation } = useCreateRecord<ExportInquiryValues & { kind: 'export' }>('contact-messages', { title: 'استعلام صادرات ارسال شد', description: note });
  const [sent, setSent] = useState(false);
  const form = useForm<ExportInquiryInput, unknown, ExportInquiryValues>({
    resolver: zodResolver(exportInquirySchema),
    defaultValues: { name: '', company: '', phone: '', email: '', subject: '', message: '' },
  });
  const busy = form.formState.isSubmitting || mutation.isPending;
  const onSubmit = form.handleSubmit(async (values) => {
    setSent(false);
    if (await submit({ ...values, kind: 'export' })) {
      form.reset();
      setSent(true);
    }
  });
  return (
    <section aria-labelledby="export-form-heading" className="mt-8 max-w-2xl">
      <h2 id="export-form-heading" className="mb-4 text-xl font-bold">
        استعلام صادرات
      </h2>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={busy} data-form="export">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput form={form} name="name" label="نام و نام خانوادگی" autoComplete="name" />
          <TextInput form={form} name="company" label="نام شرکت (اختیاری)" autoComplete="organization" />
          <TextInput form={form} name="phone" label="شماره موبایل" type="tel" inputMode="tel" dir="ltr" autoComplete="tel" hint="مثلاً ۰۹۱۲۱۲۳۴۵۶۷" />
          <TextInput form={form} name="email" label="ایمیل (اختیاری)" type="email" inputMode="email" dir="ltr" autoComplete="email" />
        </div>
        <TextInput form={form} name="subject" label="محصول موردنظر" hint="مثلاً میلگرد ۱۶ یا ورق گرم" />
        <TextInput form={form} name="message" label="مقدار، مقصد و شرایط تحویل" multiline />
        <SentNote text={sent ? note : null} />
        <SubmitRow busy={busy} error={mutation.isError ? mutation.error : null} label="ارسال استعلام" />
      </form>
    </section>
  );
}
