import { PageHeader, type BreadcrumbItem } from '@steel/shared';

export interface StaticPageDefinition {
  path: string;
  title: string;
  breadcrumb: BreadcrumbItem[];
}

/**
 * The catalogue's other pages. Their content (services, factories, experts, weight table,
 * warehouse form, exchange offers, static texts) arrives with later issues; for now each shows
 * its real Persian heading and breadcrumb only.
 */
export const STATIC_PAGES: StaticPageDefinition[] = [
  { path: '/services', title: 'خدمات', breadcrumb: [{ label: 'خدمات' }] },
  { path: '/services-equipment', title: 'تجهیزات داربست', breadcrumb: [{ label: 'تجهیزات داربست' }] },
  {
    path: '/services-equipment/scaffold-accessories',
    title: 'لوازم و اتصالات داربست',
    breadcrumb: [{ label: 'تجهیزات داربست', to: '/services-equipment' }, { label: 'لوازم و اتصالات داربست' }],
  },
  { path: '/factories', title: 'کارخانه‌های تولیدکننده', breadcrumb: [{ label: 'کارخانه‌ها' }] },
  { path: '/factories/:slug', title: 'کارخانه تولیدکننده', breadcrumb: [{ label: 'کارخانه‌ها', to: '/factories' }, { label: 'کارخانه' }] },
  { path: '/experts', title: 'کارشناسان فروش', breadcrumb: [{ label: 'کارشناسان فروش' }] },
  { path: '/export', title: 'صادرات', breadcrumb: [{ label: 'صادرات' }] },
  { path: '/rules', title: 'قوانین و مقررات', breadcrumb: [{ label: 'قوانین و مقررات' }] },
  { path: '/about-us', title: 'درباره ما', breadcrumb: [{ label: 'درباره ما' }] },
  { path: '/contact-us', title: 'تماس با ما', breadcrumb: [{ label: 'تماس با ما' }] },
  { path: '/weight_table', title: 'جدول وزن آهن‌آلات', breadcrumb: [{ label: 'جدول وزن آهن‌آلات' }] },
  { path: '/reserve_warehouse', title: 'رزرو انبار', breadcrumb: [{ label: 'رزرو انبار' }] },
  { path: '/landing/bourse', title: 'عرضه‌های فولاد در بورس کالا', breadcrumb: [{ label: 'بورس کالا' }] },
];

export function StaticPage({ page }: { page: StaticPageDefinition }) {
  return (
    <section>
      <PageHeader title={page.title} breadcrumb={page.breadcrumb} />
    </section>
  );
}
