/**
 * The site's pages as the repository tests walk them: every remote's published page routes (what
 * its build writes into its app manifest, from its server entry), every path the sitemap lists on
 * the seeded content, and every page's sample.
 */
import path from 'node:path';
import { samplePath, type PageRoute, type RemoteName, type RemoteNavigation } from '@steel/contract';
import { listedPaths, sitemapSources } from '@steel/server/sitemap';
import { navigation as catalogueNavigation, pages as cataloguePublished } from '@steel/catalogue/server';
import { pages as blogPublished } from '@steel/blog/server';
import { pages as panelPublished } from '@steel/panel/server';

export const PUBLISHED: Record<RemoteName, readonly PageRoute[]> = {
  catalogue: cataloguePublished,
  blog: blogPublished,
  panel: panelPublished,
};

/** The navigation trees the remotes publish beside their pages (the catalogue's category tree). */
export const PUBLISHED_NAVIGATION: RemoteNavigation = { catalogue: catalogueNavigation };

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

/** The seeded records of each CMS collection, shaped as the CMS answers them (a product's sub-category a relation). */
function seededCollections(): Record<string, readonly unknown[]> {
  const { categories, subCategories, products } = seed.loadCatalogue();
  const content = seed.loadDemoContent();
  return {
    categories,
    'sub-categories': subCategories,
    products: products.map((product) => ({ ...product, sub_category: { path: product.sub_category } })),
    factories: seed.loadFactories(),
    'static-pages': content.static_pages,
    articles: content.articles,
  };
}

/**
 * What the sitemap lists on the seeded content: the published pages' sitemap declarations, read
 * as the app server reads them (deploy/server/src/site/feeds/sitemap.ts), a collection's paths
 * from the seed's records of it.
 */
export function sitemapPaths(): string[] {
  const records = seededCollections();
  return sitemapSources(PUBLISHED, PUBLISHED_NAVIGATION).flatMap((source) => {
    if (!('collection' in source)) return [source.path];
    const seeded = records[source.collection];
    if (!seeded) throw new Error(`A page's sitemap reads ${source.collection}, which the CMS seed does not make`);
    return seeded.flatMap((record) => listedPaths(source, record));
  });
}

export const samplePaths = () => Object.values(PUBLISHED).flatMap((pages) => pages.map(samplePath));
