import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { RuntimeConfig } from '@steel/contract';
import {
  PageHeader,
  breadcrumbJsonLd,
  phoneHref,
  phoneText,
  useShell,
  type ContentClient,
  type PageDefinition,
} from '@steel/shared';

interface Expert {
  slug: string;
  name: string;
  phone: string | null;
  specialities: string[] | null;
  bio: string | null;
  photo: { url: string; alternativeText: string | null; width: number | null; height: number | null } | null;
}

const expertListQuery = (api: ContentClient) =>
  queryOptions({
    queryKey: ['experts', 'list'],
    queryFn: async ({ signal }) =>
      (
        await api.find<Expert>(
          'experts',
          {
            fields: ['slug', 'name', 'phone', 'specialities', 'bio'],
            populate: { photo: { fields: ['url', 'alternativeText', 'width', 'height'] } },
            sort: ['sort_order:asc', 'name:asc'],
            pagination: { page: 1, pageSize: 100 },
          },
          { signal },
        )
      ).data,
  });

/** A CMS upload's address (`/uploads/…` lives beside the CMS's `/api`). */
export const cmsMediaUrl = (config: RuntimeConfig, path: string) =>
  /^https?:\/\//.test(path) ? path : `${config.cmsUrl.replace(/\/api\/?$/, '')}${path}`;

const TITLE = 'کارشناسان فروش';

export const expertsPage: PageDefinition = {
  path: '/experts',
  sitemap: [{ path: '/experts' }],
  nav: { places: ['drawer', 'footer'], label: 'کارشناسان فروش', order: 6 },
  data: (url, { api }) => [expertListQuery(api)],
  head: () => ({
    title: TITLE,
    description: 'کارشناسان فروش آهن‌آلات، تخصص هر کارشناس و شماره تماس مستقیم.',
    canonical: '/experts',
    jsonLd: [breadcrumbJsonLd([{ label: TITLE }], '/experts')],
  }),
  Page: ExpertsPage,
};

function ExpertsPage() {
  const { api, config } = useShell();
  const { data: experts } = useSuspenseQuery(expertListQuery(api));
  return (
    <section>
      <PageHeader title={TITLE} breadcrumb={[{ label: TITLE }]}>
        <p className="text-slate-600 dark:text-slate-300">
          برای مشاوره خرید و استعلام قیمت با کارشناس هر محصول تماس بگیرید.
        </p>
      </PageHeader>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-expert-list>
        {experts.map((expert) => (
          <li key={expert.slug} className="flex gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            {expert.photo && (
              <img
                src={cmsMediaUrl(config, expert.photo.url)}
                alt={expert.photo.alternativeText || `عکس ${expert.name}`}
                width={96}
                height={96}
                loading="lazy"
                className="h-24 w-24 shrink-0 rounded-full object-cover"
              />
            )}
            <div className="flex min-w-0 flex-col gap-1">
              <h2 className="text-lg font-semibold">{expert.name}</h2>
              {(expert.specialities?.length ?? 0) > 0 && (
                <p className="text-sm text-slate-600 dark:text-slate-300">تخصص: {expert.specialities?.join('، ')}</p>
              )}
              {expert.bio && <p className="text-sm">{expert.bio}</p>}
              {expert.phone && (
                <a
                  // Dialled as +98… (the sales contact's link rules); read as «۰۲۱-۹۱۰۰۱۰۰۱».
                  href={phoneHref(expert.phone) ?? `tel:${expert.phone}`}
                  className="font-semibold text-primary-700 hover:underline dark:text-primary-300"
                >
                  <bdi dir="ltr">{phoneText(expert.phone)}</bdi>
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
