import menu from './generated/category-menu.json';

export interface MenuEntry {
  slug: string;
  titleFa: string;
}
export interface MenuGroup extends MenuEntry {
  subcategories: MenuEntry[];
}
export interface MenuCategory extends MenuEntry {
  /** Only sheet and pipe have groups; their sub-categories live inside the groups. */
  groups: MenuGroup[];
  subcategories: MenuEntry[];
}

/**
 * The ten categories, their groups and sub-categories (slugs and Persian titles only), for the
 * header menu and the phone menu drawer (generated from the domain data).
 */
export const categoryMenu: readonly MenuCategory[] = menu;

/** A group's page (sheet and pipe only): `/{category}/{group}` (the header's menus, the drawer, the home grid). */
export function groupPath(category: MenuEntry, group: MenuEntry): string {
  return `/${category.slug}/${group.slug}`;
}

/** A sub-category's page: `/{category}[/{group}]/{subcategory}` (the header's drawer and the catalogue). */
export function subcategoryPath({
  category,
  group,
  subcategory,
}: {
  category: MenuEntry;
  group: MenuEntry | null;
  subcategory: MenuEntry;
}): string {
  return `${group ? groupPath(category, group) : `/${category.slug}`}/${subcategory.slug}`;
}
