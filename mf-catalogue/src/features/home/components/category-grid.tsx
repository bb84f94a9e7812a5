import { useSuspenseQuery } from '@tanstack/react-query';
import type { PageHead } from '@steel/contract';
import { Link, ResponsiveImage, useShell, type CmsImage } from '@steel/shared';
import { categories, groupPath } from '../../../entities/category/category-tree';
import { priceBoardQuery, type PriceBoardCategory } from '../../../entities/product/listing-queries';

/** How wide a category's picture is shown (a cell of the grid). */
const CATEGORY_IMAGE = { displayWidth: 240, sizes: '(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw' };

/** Each category's picture, in the grid's order. */
function categoryImages(board: { categories: PriceBoardCategory[] }): Array<CmsImage | null> {
  const imageOf = new Map(board.categories.map((category) => [category.slug, category.image]));
  return categories.map((category) => imageOf.get(category.slug) ?? null);
}

/** The grid's first picture: the largest image in the home page's first view (its LCP). */
export function homeLcpImage(board: { categories: PriceBoardCategory[] }): PageHead['lcpImage'] {
  const first = categoryImages(board).find((image) => image !== null);
  return first ? { src: first.url, ...CATEGORY_IMAGE } : undefined;
}

/**
 * The ten categories as a grid with their pictures; sheet and pipe show their groups as direct
 * links. The tree is the catalogue's own; the pictures come with the price board's answer.
 */
export function CategoryGrid() {
  const { api } = useShell();
  const { data } = useSuspenseQuery(priceBoardQuery(api));
  const images = categoryImages(data);
  const first = images.find((image) => image !== null);
  return (
    <ul aria-label="فهرست دسته‌بندی‌ها" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {categories.map((category, index) => {
        const image = images[index];
        return (
          <li
            key={category.slug}
            className="flex flex-col rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
          >
            <Link
              to={`/${category.slug}`}
              className="flex flex-col gap-2 text-base font-semibold text-primary-800 hover:underline dark:text-primary-300"
            >
              {image && (
                <ResponsiveImage
                  src={image.url}
                  alt=""
                  width={image.width ?? 4}
                  height={image.height ?? 3}
                  {...CATEGORY_IMAGE}
                  priority={image === first}
                  className="h-auto w-full rounded-md"
                />
              )}
              <h3 className="flex min-h-11 items-center">{category.titleFa}</h3>
            </Link>
            {category.groups.length > 0 && (
              <ul aria-label={`گروه‌های ${category.titleFa}`} className="mt-1 flex flex-col text-sm">
                {category.groups.map((group) => (
                  <li key={group.slug}>
                    <Link
                      to={groupPath(category, group)}
                      className="flex min-h-9 items-center text-slate-700 hover:underline dark:text-slate-300"
                    >
                      {group.titleFa}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
