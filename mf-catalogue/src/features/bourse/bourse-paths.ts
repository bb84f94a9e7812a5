import { textParameter } from '@steel/contract';

/** The page's address, title and query (its filters), shared by its definition and its view. */
export const PATH = '/landing/bourse';
export const TITLE = 'عرضه‌های فولاد در بورس کالا';
/** Its filters: a commodity group, a producer and a session's date that the latest offers have (the CMS says which). */
export const QUERY = [
  textParameter('group', { held: true }),
  textParameter('producer', { held: true }),
  textParameter('date', { type: 'date', held: true }),
];
/** The CMS's answer to which groups, producers and dates the latest offers have (deploy/cms/src/api/page-state). */
export const STATE_SOURCE = '/page-state/exchange-offers';
