import { breadcrumbJsonLd, lazyPage, type PageDefinition } from '@steel/shared';
import { creditTermsQuery } from './api/credit-queries';
import { CREDIT_PATH, CREDIT_TITLE } from './credit-paths';

/**
 * `/credit`: the terms of buying on credit as an editor keeps them in the CMS (rendered on the
 * server, for search engines and a phone's first paint), and a signed-in buyer's request form
 * under them (a signed-out visitor is offered sign-in, back to the form). The panel owns it: the
 * request it sends is the panel's record (`/panel/credit`). The view is its own chunk.
 */
export const creditPage: PageDefinition = {
  path: CREDIT_PATH,
  sitemap: [{ path: CREDIT_PATH }],
  nav: { places: ['drawer', 'footer'], label: CREDIT_TITLE, order: 11 },
  data: (url, { api }) => [creditTermsQuery(api)],
  head: () => ({
    title: CREDIT_TITLE,
    description:
      'خرید اعتباری آهن‌آلات با پرداخت مدت‌دار: شرایط، سقف اعتبار، مدت بازپرداخت و تضمین‌ها، و ثبت درخواست اعتبار.',
    canonical: CREDIT_PATH,
    jsonLd: [breadcrumbJsonLd([{ label: CREDIT_TITLE }], CREDIT_PATH)],
  }),
  Page: lazyPage(() => import(/* webpackChunkName: "credit" */ './components/credit-view'), { chunk: 'credit' }),
};
