import { lazyPage, type PageDefinition, type PageUrl } from '@steel/shared';

/**
 * The buyer's inquiries in a chunk of their own: a visitor on a product page or the basket
 * downloads none of it. Rendered in the browser only, like the panel's customer pages: they are
 * one signed-in buyer's, and the server renders every page as a signed-out visitor (its HTML is
 * shared and cached), so it sends the layout and the app fills it in.
 */
const RequestsSection = lazyPage(() =>
  import(/* webpackChunkName: "requests" */ './requests-section').then((module) => ({
    default: module.RequestsSection,
  })),
);

const titleOf = (url: PageUrl) =>
  url.pathname.endsWith('/proforma')
    ? 'پیش‌فاکتور'
    : url.pathname.replace(/\/+$/, '') === '/inquiry/requests'
      ? 'استعلام‌های من'
      : 'جزئیات استعلام';

/** `/inquiry/requests/**`: signed-in buyers only (the shell's `auth` guard sends others to sign in and back). */
export const requestsPage: PageDefinition = {
  path: '/inquiry/requests/*',
  rendering: 'browser',
  guards: ['auth'],
  // Its pro-forma is printed by the app server (`/_/print.pdf`) for the buyer whose inquiry it is:
  // the CMS answers `/inquiries/:id` to that buyer alone.
  printable: [{ path: '/inquiry/requests/:id/proforma', owner: '/inquiries/:id' }],
  head: (url) => ({
    title: titleOf(url),
    description: 'استعلام‌های قیمت شما، پیش‌فاکتور و پذیرش آن.',
    canonical: url.pathname,
    noindex: true,
  }),
  Page: RequestsSection,
};
