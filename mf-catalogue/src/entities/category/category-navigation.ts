import type { NavigationItem } from '@steel/contract';
import { categories, groupPath, subcategoryPath, type Category } from './category-tree';

/**
 * The catalogue's navigation as its app manifest publishes it: the categories with their groups
 * in the header and the menu drawer, the sub-categories in the drawer only. Built from the
 * catalogue's own tree, so a new sub-category shows in every menu with the catalogue's deploy.
 */
export function categoryNavigation(tree: readonly Category[] = categories): NavigationItem[] {
  return tree.map((category, categoryIndex) => {
    // A category's own sub-categories come after its groups (sheet and pipe have only groups).
    const subcategoryItems = (
      group: Category['groups'][number] | null,
      subcategories: Category['subcategories'],
      firstOrder = 0,
    ) =>
      subcategories.map((subcategory, index): NavigationItem => ({
        label: subcategory.titleFa,
        path: subcategoryPath({ category, group, subcategory }),
        places: ['drawer'],
        order: firstOrder + index,
      }));
    return {
      label: category.titleFa,
      path: `/${category.slug}`,
      places: ['header', 'drawer'],
      order: categoryIndex,
      children: [
        ...category.groups.map((group, index): NavigationItem => ({
          label: group.titleFa,
          path: groupPath(category, group),
          places: ['header', 'drawer'],
          order: index,
          children: subcategoryItems(group, group.subcategories),
        })),
        ...subcategoryItems(null, category.subcategories, category.groups.length),
      ],
    };
  });
}
