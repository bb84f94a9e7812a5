import { useSuspenseQuery } from '@tanstack/react-query';
import { Markdown, PageHeader, useShell, type PageUrl } from '@steel/shared';
import { PriceText } from '../../entities/product/price-text';
import { KIND_TITLES, serviceListQuery, servicesSpecFor, type Service, type ServiceKind } from './services-specs';

/** A price, free (0) or «تماس بگیرید», per the CMS's own unit text. */
function ServicePrice({ service }: { service: Service }) {
  if (service.price === null || service.price === undefined) return <>قیمت: تماس بگیرید</>;
  if (Number(service.price) === 0) return <>رایگان</>;
  return (
    <>
      قیمت: <PriceText rial={Number(service.price)} unit={service.unit ?? ''} />
      {service.illustrative !== false && (
        <span className="ms-1 text-xs text-slate-500 dark:text-slate-400">(تقریبی)</span>
      )}
    </>
  );
}

/**
 * The services of one kind, each a card under a heading one level below the list's own: h2 right
 * under the page's h1 (a page of one kind), h3 under the kind's h2; a card's markdown goes below that.
 */
function ServiceList({ kind, headingLevel }: { kind: ServiceKind; headingLevel: 2 | 3 }) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const { api } = useShell();
  const { data: services } = useSuspenseQuery(serviceListQuery(api, kind));
  if (services.length === 0)
    return (
      <p className="rounded-md bg-slate-100 p-4 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        موردی برای نمایش نیست.
      </p>
    );
  return (
    <ul className="grid gap-4 sm:grid-cols-2" data-service-list={kind}>
      {services.map((service) => (
        <li
          key={service.slug}
          id={service.slug}
          className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
        >
          <Title className="text-lg font-semibold">{service.title}</Title>
          {service.summary && <p>{service.summary}</p>}
          {service.body && (
            <Markdown className="flex flex-col gap-2 text-sm leading-7" topHeadingLevel={headingLevel === 2 ? 3 : 4}>
              {service.body}
            </Markdown>
          )}
          <p className="mt-auto font-medium" data-service-price>
            <ServicePrice service={service} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** A services page: its intro, then the services of each kind with their markdown and prices. */
export default function ServicesPage({ url }: { url: PageUrl }) {
  const spec = servicesSpecFor(url.pathname);
  if (!spec) return null;
  return (
    <section>
      <PageHeader title={spec.title} breadcrumb={spec.breadcrumb}>
        <p className="text-slate-600 dark:text-slate-300">{spec.intro}</p>
      </PageHeader>
      {spec.kinds.length === 1 ? (
        <ServiceList kind={spec.kinds[0] as ServiceKind} headingLevel={2} />
      ) : (
        spec.kinds.map((kind) => (
          <section key={kind} aria-labelledby={`services-${kind}`} className="mb-8">
            <h2 id={`services-${kind}`} className="mb-3 text-xl font-bold">
              {KIND_TITLES[kind]}
            </h2>
            <ServiceList kind={kind} headingLevel={3} />
          </section>
        ))
      )}
    </section>
  );
}
