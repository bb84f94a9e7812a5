import { breadcrumbJsonLd, lazyPage, type PageDefinition } from '@steel/shared';
import { WEIGHT_SECTION_TITLES, sectionTitleOf } from './weight-section-titles';
import { PATH, QUERY, TITLE } from './weight-table-paths';

/**
 * The steel weight table (weights.md): one section per address (`?section=`), each table in the
 * served HTML, filterable by size (`?size=`), and the weight calculator. No CMS data: the tables
 * are built into the app from weights.md.
 */
export const weightTablePage: PageDefinition = {
  path: PATH,
  query: QUERY,
  sitemap: [{ path: PATH }],
  nav: { places: ['drawer', 'footer'], label: 'جدول وزن آهن‌آلات', order: 7 },
  head: (url) => {
    const section = sectionTitleOf(url.search);
    const isDefault = !url.search.get('section') || section === WEIGHT_SECTION_TITLES[0];
    const canonical = isDefault ? PATH : `${PATH}?section=${section.id}`;
    return {
      title: isDefault ? TITLE : `جدول وزن ${section.title}`,
      description: `جدول وزن ${section.title} و دیگر آهن‌آلات (میلگرد، تیرآهن، ناودانی، نبشی، ورق، لوله، قوطی) با محاسبه‌گر وزن.`,
      canonical,
      jsonLd: [breadcrumbJsonLd([{ label: TITLE }], PATH)],
    };
  },
  Page: lazyPage(() => import(/* webpackChunkName: "weight-table" */ './weight-table-page-view'), {
    chunk: 'weight-table',
  }),
};
