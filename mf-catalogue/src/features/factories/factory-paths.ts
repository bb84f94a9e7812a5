import type { PageUrl } from '@steel/shared';

/** The list's title and crumb and a factory page's slug, shared by the definitions and the views. */
export const LIST_TITLE = 'کارخانه‌های تولیدکننده';
export const listCrumb = { label: 'کارخانه‌ها', to: '/factories' };
export const slugOf = (url: PageUrl) => url.params.slug ?? '';
