/**
 * The catalogue's category tree: ten categories, the groups of sheet and pipe, their
 * sub-categories (generated from data/domain/catalogue.json by scripts/generate-catalogue-data.ts).
 * The catalogue alone reads it; the site's menus get it from the catalogue's published navigation
 * (category-navigation.ts), so a new sub-category goes live with the catalogue's deploy.
 */
import tree from './generated/category-tree.json';

// The labels are the kit's: the inquiry app's compare page names attributes as the catalogue does.
export { attributeLabelsFa } from '@steel/shared/attribute-labels';

export interface Subcategory {
  slug: string;
  titleFa: string;
  titleEn: string;
  descriptionFa: string;
  /** Attribute keys a product of this sub-category is listed by (labels in `attributeLabelsFa`). */
  attributes: string[];
  /** The slug is an interpretation the business has not confirmed. */
  uncertain?: boolean;
}
export interface CategoryGroup {
  slug: string;
  titleFa: string;
  titleEn: string;
  subcategories: Subcategory[];
}
export interface Category {
  slug: string;
  titleFa: string;
  titleEn: string;
  descriptionFa: string;
  /** Only sheet and pipe have groups; their sub-categories live inside the groups. */
  groups: CategoryGroup[];
  subcategories: Subcategory[];
}

export const categories: readonly Category[] = tree.categories;

/** Attributes whose values are numbers (every example of data/domain/catalogue.json says so). */
export const numericAttributes: ReadonlySet<string> = new Set(tree.numericAttributes);

/** Where a catalogue path points in the tree; `null` when any slug is unknown. */
export type CatalogueLocation =
  | { kind: 'category'; category: Category }
  | { kind: 'group'; category: Category; group: CategoryGroup }
  | { kind: 'subcategory'; category: Category; group: CategoryGroup | null; subcategory: Subcategory }
  | { kind: 'product'; category: Category; group: CategoryGroup | null; subcategory: Subcategory; productSlug: string };

export function findCategory(slug: string): Category | undefined {
  return categories.find((category) => category.slug === slug);
}

/**
 * Resolves `/{category}[/{group}]/{subcategory}[/{product}]` path segments. A product slug is
 * only recognised here by position; whether the product exists is the CMS's answer.
 */
export function locateInCatalogue(segments: readonly string[]): CatalogueLocation | null {
  const [categorySlug, ...rest] = segments;
  const category = categorySlug ? findCategory(categorySlug) : undefined;
  if (!category) return null;
  if (rest.length === 0) return { kind: 'category', category };

  let group: CategoryGroup | null = null;
  let remaining = rest;
  if (category.groups.length > 0) {
    group = category.groups.find((candidate) => candidate.slug === rest[0]) ?? null;
    if (!group) return null;
    remaining = rest.slice(1);
    if (remaining.length === 0) return { kind: 'group', category, group };
  }

  const subcategories = group ? group.subcategories : category.subcategories;
  const subcategory = subcategories.find((candidate) => candidate.slug === remaining[0]);
  if (!subcategory) return null;
  if (remaining.length === 1) return { kind: 'subcategory', category, group, subcategory };
  if (remaining.length === 2 && remaining[1])
    return { kind: 'product', category, group, subcategory, productSlug: remaining[1] };
  return null;
}

/** Every sub-category with its canonical path, e.g. `/sheet/coldplate/oiled-sheet`. */
export function allSubcategoryPaths(): Array<{ path: string; subcategory: Subcategory }> {
  return categories.flatMap((category) => [
    ...category.subcategories.map((subcategory) => ({ path: `/${category.slug}/${subcategory.slug}`, subcategory })),
    ...category.groups.flatMap((group) =>
      group.subcategories.map((subcategory) => ({
        path: `/${category.slug}/${group.slug}/${subcategory.slug}`,
        subcategory,
      })),
    ),
  ]);
}

/** A group's page (sheet and pipe only): `/{category}/{group}`. */
export function groupPath(category: { slug: string }, group: { slug: string }): string {
  return `/${category.slug}/${group.slug}`;
}

/** A sub-category's page: `/{category}[/{group}]/{subcategory}`. */
export function subcategoryPath({
  category,
  group,
  subcategory,
}: {
  category: { slug: string };
  group: { slug: string } | null;
  subcategory: { slug: string };
}): string {
  return `${group ? groupPath(category, group) : `/${category.slug}`}/${subcategory.slug}`;
}
