import { breadcrumbJsonLd, lazyPage, salesContactQuery, type PageDefinition } from '@steel/shared';
import { factoryBySlugQuery, factoryListQuery, factoryProductsQuery } from './factory-queries';
import { LIST_QUERY, LIST_STATE_SOURCE, LIST_TITLE, listCrumb, slugOf } from './factory-paths';

export const factoryListPage: PageDefinition = {
  path: '/factories',
  query: LIST_QUERY,
  stateSource: LIST_STATE_SOURCE,
  sitemap: [{ path: '/factories' }],
  nav: { places: ['drawer', 'footer'], label: 'کارخانه‌ها', order: 5 },
  data: (url, { api }) => [factoryListQuery(api)],
  head: (url) => ({
    title: LIST_TITLE,
    description: 'کارخانه‌های فولاد ایران، محل و محصولات آن‌ها: ورق، میلگرد، تیرآهن، لوله و مواد اولیه.',
    canonical: '/factories',
    // A filtered list is the same content narrowed: one address for search engines.
    noindex: url.search.size > 0,
    jsonLd: [breadcrumbJsonLd([{ label: 'کارخانه‌ها' }], '/factories')],
  }),
  Page: lazyPage(
    () =>
      import(/* webpackChunkName: "factories" */ './factory-views').then((views) => ({
        default: views.FactoryListPage,
      })),
    { chunk: 'factories' },
  ),
};

export const factoryPage: PageDefinition = {
  path: '/factories/:slug',
  // The factory's products, listed as a sub-category's are.
  slots: ['listing.row'],
  sitemap: [{ collection: 'factories', path: '/factories/:slug' }],
  data: (url, { api }) => [
    factoryBySlugQuery(api, slugOf(url)),
    factoryProductsQuery(api, slugOf(url)),
    // Its listing's call button on phones.
    salesContactQuery(api),
  ],
  head: (url, read, { api }) => {
    const factory = read(factoryBySlugQuery(api, slugOf(url)));
    if (!factory) return null;
    return {
      title: factory.name,
      description: `${factory.name}${factory.city ? ` در ${factory.city}، ${factory.province ?? ''}` : ''}: ${factory.main_products_text ?? 'محصولات و قیمت روز'}`,
      canonical: `/factories/${factory.slug}`,
      jsonLd: [
        breadcrumbJsonLd([listCrumb, { label: factory.name }], `/factories/${factory.slug}`),
        {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: factory.name,
          alternateName: factory.name_en ?? undefined,
          address: factory.city ?? undefined,
        },
      ],
    };
  },
  Page: lazyPage(
    () =>
      import(/* webpackChunkName: "factories" */ './factory-views').then((views) => ({ default: views.FactoryPage })),
    { chunk: 'factories' },
  ),
};
