import { oneOfParameter, textParameter } from '@steel/contract';
import { type PageUrl } from '@steel/shared';
import { categories } from '../../entities/category/category-tree';

/** The list's title and crumb and a factory page's slug, shared by the definitions and the views. */
export const LIST_TITLE = 'کارخانه‌های تولیدکننده';
/**
 * What the list reads of its query: its two filters — a province some factory is in (the CMS
 * says which, `LIST_STATE_SOURCE`) and one of the catalogue's categories.
 */
export const LIST_QUERY = [
  textParameter('province', { held: true }),
  oneOfParameter(
    'category',
    categories.map((category) => category.slug),
  ),
];
/** The CMS's answer to which provinces the factories are in (deploy/cms/src/api/page-state). */
export const LIST_STATE_SOURCE = '/page-state/factories';
export const listCrumb = { label: 'کارخانه‌ها', to: '/factories' };
export const slugOf = (url: PageUrl) => url.params.slug ?? '';
