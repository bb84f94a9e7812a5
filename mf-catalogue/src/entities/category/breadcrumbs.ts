import type { BreadcrumbItem, Category, CategoryGroup } from '@steel/shared';

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

// One definition for the whole site: the shell's menu drawer links sub-categories too.
export { subcategoryPath } from '@steel/shared';
