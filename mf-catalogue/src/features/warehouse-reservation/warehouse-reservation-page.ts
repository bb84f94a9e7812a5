import { breadcrumbJsonLd, lazyPage, type PageDefinition } from '@steel/shared';
import { PATH, TITLE } from './warehouse-reservation-paths';

/**
 * `/reserve_warehouse`: a signed-in customer reserves warehouse space; the reservation is stored
 * in their own records (the CMS sets the owner from the token) and shows in the panel. A
 * signed-out visitor is sent to sign in and comes back here. The view (a form with its schema) is
 * its own chunk.
 */
export const warehouseReservationPage: PageDefinition = {
  path: PATH,
  head: () => ({
    title: TITLE,
    description:
      'رزرو انبار برای نگهداری آهن‌آلات: مقدار، زمان و مدت نگهداری را ثبت کنید تا کارشناسان ما با شما تماس بگیرند.',
    canonical: PATH,
    jsonLd: [breadcrumbJsonLd([{ label: TITLE }], PATH)],
  }),
  Page: lazyPage(() => import(/* webpackChunkName: "warehouse-reservation" */ './warehouse-reservation-view'), {
    chunk: 'warehouse-reservation',
  }),
};
