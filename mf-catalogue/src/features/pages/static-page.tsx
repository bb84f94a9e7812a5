import { useSuspenseQuery } from '@tanstack/react-query';
import { Markdown, PageHeader, breadcrumbJsonLd, useShell, type BreadcrumbItem, type PageDefinition, type PageUrl } from '@steel/shared';
import type { ComponentType } from 'react';
import { ContactForm, ExportInquiryForm } from '../forms/contact-form';
import { staticPageQuery } from './api/static-page-queries';

interface StaticPageDefinition {
  path: string;
  title: string;
  description: string;
  breadcrumb: BreadcrumbItem[];
}

/**
 * The catalogue's other pages. Their content (services, factories, experts, weight table,
 * warehouse form, exchange offers) arrives with later issues; for now each shows its real
 * Persian heading and breadcrumb.
 */
const HEADING_PAGES: StaticPageDefinition[] = [
  { path: '/services', title: 'خدمات', description: 'خدمات برش، خم، حمل و بارگیری آهن‌آلات.', breadcrumb: [{ label: 'خدمات' }] },
  { path: '/services-equipment', title: 'تجهیزات داربست', description: 'اجاره و فروش تجهیزات داربست فلزی.', breadcrumb: [{ label: 'تجهیزات داربست' }] },
  {
    path: '/services-equipment/scaffold-accessories',
    title: 'لوازم و اتصالات داربست',
    description: 'لوازم و اتصالات داربست: بست، پایه، جک و تخته.',
    breadcrumb: [{ label: 'تجهیزات داربست', to: '/services-equipment' }, { label: 'لوازم و اتصالات داربست' }],
  },
  { path: '/factories', title: 'کارخانه‌های تولیدکننده', description: 'کارخانه‌های فولاد ایران و محصولات آن‌ها.', breadcrumb: [{ label: 'کارخانه‌ها' }] },
  { path: '/factories/:slug', title: 'کارخانه تولیدکننده', description: 'مشخصات کارخانه تولیدکننده فولاد.', breadcrumb: [{ label: 'کارخانه‌ها', to: '/factories' }, { label: 'کارخانه' }] },
  { path: '/experts', title: 'کارشناسان فروش', description: 'کارشناسان فروش آهن‌آلات و راه‌های تماس با آن‌ها.', breadcrumb: [{ label: 'کارشناسان فروش' }] },
  { path: '/landing/bourse', title: 'عرضه‌های فولاد در بورس کالا', description: 'عرضه‌ها و نتایج معاملات فولاد در بورس کالای ایران.', breadcrumb: [{ label: 'بورس کالا' }] },
];

/** Pages whose title and body come from the CMS (markdown). */
const CMS_PAGES = ['/rules', '/about-us', '/export', '/contact-us'];

/** The form under a CMS page's body. */
const PAGE_FORMS: Record<string, ComponentType> = { 'contact-us': ContactForm, export: ExportInquiryForm };

const headingPage = (page: StaticPageDefinition): PageDefinition => ({
  path: page.path,
  head: (url) => ({ title: page.title, description: page.description, canonical: url.pathname, jsonLd: [breadcrumbJsonLd(page.breadcrumb, url.pathname)] }),
  Page: () => (
    <section>
      <PageHeader title={page.title} breadcrumb={page.breadcrumb} />
    </section>
  ),
});

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

export const staticPages: PageDefinition[] = [...HEADING_PAGES.map(headingPage), ...CMS_PAGES.map(cmsPage)];
