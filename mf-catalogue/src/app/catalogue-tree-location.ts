import type { PageUrl } from '@steel/shared';
import { locateInCatalogue, type CatalogueLocation } from '../entities/category/category-tree';

/** Where `/{category}[/{group}]/{subcategory}[/{product}]` points in the tree. */
export const locate = (categorySlug: string, url: PageUrl): CatalogueLocation | null =>
  locateInCatalogue([categorySlug, ...(url.params['*'] ?? '').split('/').filter(Boolean)]);

/** The category a tree page's URL is under: its path's first segment (`/rebar/kalaf` → `rebar`). */
export const categorySlugOf = (url: Pick<PageUrl, 'pathname'>) => url.pathname.split('/')[1] ?? '';
