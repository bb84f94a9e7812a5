import { textParameter } from '@steel/contract';
import { type PageUrl } from '@steel/shared';

/** The list's title and crumb and a factory page's slug, shared by the definitions and the views. */
export const LIST_TITLE = 'کارخانه‌های تولیدکننده';
/** What the list reads of its query: its two filters. */
export const LIST_QUERY = ['province', 'category'].map(textParameter);
export const listCrumb = { label: 'کارخانه‌ها', to: '/factories' };
export const slugOf = (url: PageUrl) => url.params.slug ?? '';
