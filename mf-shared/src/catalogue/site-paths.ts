/**
 * Where the CMS's catalogue content lives on the site. Pure module (`@steel/shared/site-paths`):
 * the catalogue's pages and the app server's sitemap read the same definitions.
 */

/** A site path as the CMS stores it: sub-category paths have no leading slash (`rebar/kalaf`). */
export const cmsPath = (sitePath: string) => sitePath.replace(/^\/+/, '');

/** `/{category}[/{group}]/{subcategory}/{slug}`: where a product's page lives (null without a sub-category). */
export function canonicalProductPath(product: { slug: string; sub_category?: { path: string } | null }): string | null {
  return product.sub_category ? `/${cmsPath(product.sub_category.path)}/${product.slug}` : null;
}
