import { useSuspenseQuery } from '@tanstack/react-query';
import { Markdown, PageHeader, useShell, type PageUrl } from '@steel/shared';
import type { ComponentType } from 'react';
import { ContactForm, ExportInquiryForm } from './contact-form';
import { staticPageQuery } from './api/static-page-queries';
import { slugOf } from './static-page-slug';

/** The form under a static page's body. */
const PAGE_FORMS: Record<string, ComponentType> = { 'contact-us': ContactForm, export: ExportInquiryForm };

/** A static page: its title, summary, markdown body and, on some, a form. */
export default function StaticPageView({ url }: { url: PageUrl }) {
  const { api } = useShell();
  const { data: content } = useSuspenseQuery(staticPageQuery(api, slugOf(url)));
  if (!content) return null;
  const Form = PAGE_FORMS[content.slug];
  return (
    <article>
      <PageHeader title={content.title} breadcrumb={[{ label: content.title }]}>
        {content.summary && <p className="text-slate-600 dark:text-slate-300">{content.summary}</p>}
      </PageHeader>
      {content.body && <Markdown>{content.body}</Markdown>}
      {Form && <Form />}
    </article>
  );
}
