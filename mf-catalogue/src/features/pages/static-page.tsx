import { useSuspenseQuery } from '@tanstack/react-query';
import { Markdown, PageHeader, breadcrumbJsonLd, useShell, type PageDefinition, type PageUrl } from '@steel/shared';
import type { ComponentType } from 'react';
import { ContactForm, ExportInquiryForm } from './contact-form';
import { staticPageQuery } from './api/static-page-queries';

/** Pages whose title and body come from the CMS (markdown). */
const CMS_PAGES = ['/rules', '/about-us', '/export', '/contact-us'];

/** The form under a CMS page's body. */
const PAGE_FORMS: Record<string, ComponentType> = { 'contact-us': ContactForm, export: ExportInquiryForm };

const slugOf = (url: PageUrl) => url.pathname.split('/').filter(Boolean)[0] ?? '';

const cmsPage = (path: string): PageDefinition => ({
  path,
  data: (url, { api }) => [staticPageQuery(api, slugOf(url))],
  head: (url, read, { api }) => {
    const content = read(staticPageQuery(api, slugOf(url)));
    if (!content) return null;
    return {
      title: content.title,
      description: content.summary ?? content.title,
      canonical: url.pathname,
      jsonLd: [breadcrumbJsonLd([{ label: content.title }], url.pathname)],
    };
  },
  Page: CmsPageView,
});

function CmsPageView({ url }: { url: PageUrl }) {
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

export const staticPages: PageDefinition[] = CMS_PAGES.map(cmsPage);
