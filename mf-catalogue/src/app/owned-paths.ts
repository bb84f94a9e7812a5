import { categories } from '../entities/category/category-tree';

export const CATEGORY_SLUGS = categories.map((category) => category.slug);
