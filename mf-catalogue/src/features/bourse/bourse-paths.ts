import { textParameter } from '@steel/contract';

/** The page's address, title and query (its filters), shared by its definition and its view. */
export const PATH = '/landing/bourse';
export const TITLE = 'عرضه‌های فولاد در بورس کالا';
export const QUERY = ['group', 'producer', 'date'].map(textParameter);
