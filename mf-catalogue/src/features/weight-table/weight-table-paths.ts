import { oneOfParameter, textParameter } from '@steel/contract';
import { WEIGHT_SECTION_TITLES } from './weight-section-titles';

/** The page's address, title and query (its section, rebar by default, and the size filter), shared by its definition and its view. */
export const PATH = '/weight_table';
export const TITLE = 'جدول وزن آهن‌آلات';
export const QUERY = [
  oneOfParameter(
    'section',
    WEIGHT_SECTION_TITLES.map(({ id }) => id),
    WEIGHT_SECTION_TITLES[0].id,
  ),
  // What a visitor types to narrow the tables (a size: `12`, `IPE 200`): short by nature.
  textParameter('size', { maxLength: 30 }),
];
