/**
 * The site's pages as the repository tests walk them: every remote's published page routes (what
 * its build writes into its app manifest, from its server entry), every path the sitemap lists on
 * the seeded content, and every page's sample.
 */
import path from 'node:path';
import { canonicalProductPath, samplePath, type PageRoute, type RemoteName } from '@steel/shared';
import { pages as cataloguePublished } from '@steel/catalogue/server';
import { pages as blogPublished } from '@steel/blog/server';
import { pages as panelPublished } from '@steel/panel/server';

export const PUBLISHED: Record<RemoteName, readonly PageRoute[]> = {
  catalogue: cataloguePublished,
  blog: blogPublished,
  panel: panelPublished,
};

interface SeedCatalogue {
  categories: Array<{ slug: string; groups: Array<{ slug: string }> }>;
  subCategories: Array<{ path: string }>;
  products: Array<{ slug: string; sub_category: string }>;
}
interface SeedDomain {
  loadCatalogue(): SeedCatalogue;
  loadFactories(): Array<{ slug: string }>;
  loadDemoContent(): { static_pages: Array<{ slug: string }>; articles: Array<{ slug: string }> };
}
// The CMS seed's own reading of data/domain (a plain CommonJS module of the CMS package): the
// product slugs the site has are made there.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a .js module with no types
const seed = require(path.join(__dirname, '../../deploy/cms/src/bootstrap/domain.js')) as SeedDomain;

/** What the sitemap lists (deploy/server/src/site/feeds/sitemap.ts), on the seeded content. */
export function sitemapPaths(): string[] {
  const { categories, subCategories, products } = seed.loadCatalogue();
  const content = seed.loadDemoContent();
  return [
    // The sitemap's fixed paths are pages without a parameter: each is its page's sample below.
    ...categories.flatMap((category) => [
      `/${category.slug}`,
      ...category.groups.map((group) => `/${category.slug}/${group.slug}`),
    ]),
    ...subCategories.map((subCategory) => `/${subCategory.path}`),
    ...products.flatMap(
      (product) => canonicalProductPath({ slug: product.slug, sub_category: { path: product.sub_category } }) ?? [],
    ),
    ...seed.loadFactories().map((factory) => `/factories/${factory.slug}`),
    ...content.static_pages.map((page) => `/${page.slug}`),
    ...content.articles.map((article) => `/blog/${article.slug}`),
  ];
}

export const samplePaths = () => Object.values(PUBLISHED).flatMap((pages) => pages.map(samplePath));
