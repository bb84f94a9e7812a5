import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { Markdown, PageHeader, breadcrumbJsonLd, useShell, type BreadcrumbItem, type ContentClient, type PageDefinition } from '@steel/shared';
import { PriceText } from '../../entities/product/price-text';

type ServiceKind = 'service' | 'scaffold_accessory';

interface Service {
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

const serviceListQuery = (api: ContentClient, kind: ServiceKind) =>
  queryOptions({
    queryKey: ['services', 'by-kind', kind],
    queryFn: async ({ signal }) =>
      (
        await api.find<Service>(
          'services',
          { filters: { kind: { $eq: kind } }, fields: ['slug', 'title', 'kind', 'summary', 'body', 'price', 'unit', 'illustrative'], sort: ['sort_order:asc', 'title:asc'], pagination: { page: 1, pageSize: 100 } },
          { signal },
        )
      ).data,
  });

const KIND_TITLES: Record<ServiceKind, string> = { service: 'خدمات', scaffold_accessory: 'لوازم و اتصالات داربست' };

interface ServicesPageSpec {
  path: string;
  /** One kind: a plain list; several: a titled section per kind. */
  kinds: ServiceKind[];
  title: string;
  description: string;
  breadcrumb: BreadcrumbItem[];
  intro: string;
}

/** A price, free (0) or «تماس بگیرید», per the CMS's own unit text. */
function ServicePrice({ service }: { service: Service }) {
  if (service.price === null || service.price === undefined) return <>قیمت: تماس بگیرید</>;
  if (Number(service.price) === 0) return <>رایگان</>;
  return (
    <>
      قیمت: <PriceText rial={Number(service.price)} unit={service.unit ?? ''} />
      {service.illustrative !== false && <span className="ms-1 text-xs text-slate-500 dark:text-slate-400">(تقریبی)</span>}
    </>
  );
}

function ServiceList({ kind }: { kind: ServiceKind }) {
  const { api } = useShell();
  const { data: services } = useSuspenseQuery(serviceListQuery(api, kind));
  if (services.length === 0) return <p className="rounded-md bg-slate-100 p-4 text-slate-700 dark:bg-slate-800 dark:text-slate-200">موردی برای نمایش نیست.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2" data-service-list={kind}>
      {services.map((service) => (
        <li key={service.slug} id={service.slug} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <h3 className="text-lg font-semibold">{service.title}</h3>
          {service.summary && <p>{service.summary}</p>}
          {service.body && <Markdown className="flex flex-col gap-2 text-sm leading-7">{service.body}</Markdown>}
          <p className="mt-auto font-medium" data-service-price>
            <ServicePrice service={service} />
          </p>
        </li>
      ))}
    </ul>
  );
}

const servicesPage = (spec: ServicesPageSpec): PageDefinition => ({
  path: spec.path,
  data: (url, { api }) => spec.kinds.map((kind) => serviceListQuery(api, kind)),
  head: () => ({ title: spec.title, description: spec.description, canonical: spec.path, jsonLd: [breadcrumbJsonLd(spec.breadcrumb, spec.path)] }),
  Page: function ServicesPage() {
    return (
      <section>
        <PageHeader title={spec.title} breadcrumb={spec.breadcrumb}>
          <p className="text-slate-600 dark:text-slate-300">{spec.intro}</p>
        </PageHeader>
        {spec.kinds.length === 1 ? (
          <ServiceList kind={spec.kinds[0] as ServiceKind} />
        ) : (
          spec.kinds.map((kind) => (
            <section key={kind} aria-labelledby={`services-${kind}`} className="mb-8">
              <h2 id={`services-${kind}`} className="mb-3 text-xl font-bold">
                {KIND_TITLES[kind]}
              </h2>
              <ServiceList kind={kind} />
            </section>
          ))
        )}
      </section>
    );
  },
});

const equipmentCrumb = { label: 'تجهیزات داربست', to: '/services-equipment' };

export const serviceEquipmentPages: PageDefinition[] = [
  servicesPage({
    path: '/services',
    kinds: ['service'],
    title: 'خدمات',
    description: 'خدمات برش، خم، حمل، بارگیری، انبارداری و گالوانیزه آهن‌آلات.',
    breadcrumb: [{ label: 'خدمات' }],
    intro: 'خدماتی که همراه خرید آهن‌آلات ارائه می‌کنیم؛ برای سفارش با کارشناسان تماس بگیرید.',
  }),
  servicesPage({
    path: '/services-equipment',
    kinds: ['service', 'scaffold_accessory'],
    title: 'تجهیزات داربست',
    description: 'خدمات آهن‌آلات و تجهیزات داربست فلزی: لوله، بست، جک، صفحه زیر ستون و تخته.',
    breadcrumb: [{ label: 'تجهیزات داربست' }],
    intro: 'خدمات همراه خرید و تجهیزات داربست فلزی برای فروش و اجاره.',
  }),
  servicesPage({
    path: '/services-equipment/scaffold-accessories',
    kinds: ['scaffold_accessory'],
    title: 'لوازم و اتصالات داربست',
    description: 'لوازم و اتصالات داربست: بست، پایه، جک و تخته.',
    breadcrumb: [equipmentCrumb, { label: 'لوازم و اتصالات داربست' }],
    intro: 'بست، جک، صفحه زیر ستون و تخته داربست با قیمت روز.',
  }),
];
