import type { BreadcrumbItem } from '@steel/shared';
import type { Category, CategoryGroup } from './category-tree';

export function categoryCrumb(category: Category): BreadcrumbItem {
  return { label: category.titleFa, to: `/${category.slug}` };
}

export function groupCrumb(category: Category, group: CategoryGroup): BreadcrumbItem {
  return { label: group.titleFa, to: `/${category.slug}/${group.slug}` };
}

/** Crumbs from the category down to (and including) the group, if any. */
export function trailTo(category: Category, group: CategoryGroup | null): BreadcrumbItem[] {
  return group ? [categoryCrumb(category), groupCrumb(category, group)] : [categoryCrumb(category)];
}

export { subcategoryPath } from './category-tree';
