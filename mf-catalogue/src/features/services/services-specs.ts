import { queryOptions } from '@tanstack/react-query';
import type { PageNav } from '@steel/contract';
import type { BreadcrumbItem, ContentClient } from '@steel/shared';

export type ServiceKind = 'service' | 'scaffold_accessory';

export interface Service {
  slug: string;
  title: string;
  kind: ServiceKind;
  summary: string | null;
  /** Markdown. */
  body: string | null;
  /** Rial per `unit`; null: ask for a price. */
  price: string | number | null;
  unit: string | null;
  illustrative: boolean | null;
}

export const serviceListQuery = (api: ContentClient, kind: ServiceKind) =>
  queryOptions({
    queryKey: ['services', 'by-kind', kind],
    queryFn: async ({ signal }) =>
      (
        await api.find<Service>(
          'services',
          {
            filters: { kind: { $eq: kind } },
            fields: ['slug', 'title', 'kind', 'summary', 'body', 'price', 'unit', 'illustrative'],
            sort: ['sort_order:asc', 'title:asc'],
            pagination: { page: 1, pageSize: 100 },
          },
          { signal },
        )
      ).data,
  });

export const KIND_TITLES: Record<ServiceKind, string> = {
  service: 'خدمات',
  scaffold_accessory: 'لوازم و اتصالات داربست',
};

export interface ServicesPageSpec {
  path: string;
  /** One kind: a plain list; several: a titled section per kind. */
  kinds: ServiceKind[];
  title: string;
  description: string;
  breadcrumb: BreadcrumbItem[];
  intro: string;
  /** The page's place in the menu drawer and the footer; such a page is in the sitemap too. */
  listed?: PageNav;
}

const equipmentCrumb = { label: 'تجهیزات داربست', to: '/services-equipment' };

/** The services pages: their paths, titles and which kinds of service each lists. */
export const SERVICES_PAGE_SPECS: ServicesPageSpec[] = [
  {
    path: '/services',
    kinds: ['service'],
    listed: { places: ['drawer', 'footer'], label: 'خدمات', order: 10 },
    title: 'خدمات',
    description: 'خدمات برش، خم، حمل، بارگیری، انبارداری و گالوانیزه آهن‌آلات.',
    breadcrumb: [{ label: 'خدمات' }],
    intro: 'خدماتی که همراه خرید آهن‌آلات ارائه می‌کنیم؛ برای سفارش با کارشناسان تماس بگیرید.',
  },
  {
    path: '/services-equipment',
    kinds: ['service', 'scaffold_accessory'],
    title: 'تجهیزات داربست',
    description: 'خدمات آهن‌آلات و تجهیزات داربست فلزی: لوله، بست، جک، صفحه زیر ستون و تخته.',
    breadcrumb: [{ label: 'تجهیزات داربست' }],
    intro: 'خدمات همراه خرید و تجهیزات داربست فلزی برای فروش و اجاره.',
  },
  {
    path: '/services-equipment/scaffold-accessories',
    kinds: ['scaffold_accessory'],
    title: 'لوازم و اتصالات داربست',
    description: 'لوازم و اتصالات داربست: بست، پایه، جک و تخته.',
    breadcrumb: [equipmentCrumb, { label: 'لوازم و اتصالات داربست' }],
    intro: 'بست، جک، صفحه زیر ستون و تخته داربست با قیمت روز.',
  },
];

/** The spec of the services page at `pathname`. */
export const servicesSpecFor = (pathname: string): ServicesPageSpec | undefined =>
  SERVICES_PAGE_SPECS.find((spec) => spec.path === pathname);
