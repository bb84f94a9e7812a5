import { breadcrumbJsonLd, lazyPage, type PageDefinition } from '@steel/shared';
import { recentOffersQuery } from './exchange-offer-queries';
import { PATH, QUERY, STATE_SOURCE, TITLE } from './bourse-paths';

/** The exchange's offers (`?group=`, `?producer=`, `?date=` narrow them); the view is its own chunk. */
export const boursePage: PageDefinition = {
  path: PATH,
  query: QUERY,
  stateSource: STATE_SOURCE,
  sitemap: [{ path: PATH }],
  nav: { places: ['drawer', 'footer'], label: 'بورس کالا', order: 8 },
  data: (url, { api }) => [recentOffersQuery(api)],
  head: (url) => ({
    title: TITLE,
    description:
      'عرضه‌های امروز و آینده فولاد در بورس کالای ایران، نتایج معاملات، قیمت پایه و میانگین موزون، و ثبت درخواست خرید از بورس.',
    canonical: PATH,
    noindex: url.search.size > 0,
    jsonLd: [breadcrumbJsonLd([{ label: 'بورس کالا' }], PATH)],
  }),
  Page: lazyPage(() => import(/* webpackChunkName: "bourse" */ './bourse-view'), { chunk: 'bourse' }),
};
