import { categories } from '@steel/shared';

export const CATEGORY_SLUGS = categories.map((category) => category.slug);
