/** The page's address and title, shared by its definition and its view. */
export const PATH = '/weight_table';
export const TITLE = 'جدول وزن آهن‌آلات';
