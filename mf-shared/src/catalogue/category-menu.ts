import menu from './generated/category-menu.json';

export interface MenuGroup {
  slug: string;
  titleFa: string;
}
export interface MenuCategory {
  slug: string;
  titleFa: string;
  groups: MenuGroup[];
}

/** The ten categories and their groups, for the header menu (generated from the domain data). */
export const categoryMenu: readonly MenuCategory[] = menu;
