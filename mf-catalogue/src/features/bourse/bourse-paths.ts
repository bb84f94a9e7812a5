/** The page's address and title, shared by its definition and its view. */
export const PATH = '/landing/bourse';
export const TITLE = 'عرضه‌های فولاد در بورس کالا';
