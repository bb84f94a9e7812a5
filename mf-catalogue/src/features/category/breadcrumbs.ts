import type { BreadcrumbItem, Category, CategoryGroup, Subcategory } from '@steel/shared';

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

/** A sub-category's page: `/{category}[/{group}]/{subcategory}`. */
export function subcategoryPath({ category, group, subcategory }: { category: Category; group: CategoryGroup | null; subcategory: Subcategory }): string {
  return group ? `/${category.slug}/${group.slug}/${subcategory.slug}` : `/${category.slug}/${subcategory.slug}`;
}
