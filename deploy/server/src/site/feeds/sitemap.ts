/**
 * `/sitemap.xml`: every public page the CMS knows — categories, their groups, sub-categories,
 * products at their canonical paths, factories, static pages, articles — with `lastmod` from
 * the CMS, plus the fixed pages that are not CMS entries.
 */
import { canonicalProductPath, cmsPath } from '@steel/shared/site-paths';
import { buildXml } from './xml';
import { fieldsQuery, readCollection } from './cms-collections';

/** Public pages that are not one CMS entry (their content is a list or a tool). */
export const FIXED_SITEMAP_PATHS = [
  '/',
  '/blog',
  '/factories',
  '/experts',
  '/services',
  '/weight_table',
  '/landing/bourse',
] as const;

/** Every CMS collection the sitemap reads: a change to one of them remakes it. */
export const SITEMAP_COLLECTIONS = [
  'categories',
  'sub-categories',
  'products',
  'factories',
  'static-pages',
  'articles',
];

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

interface Dated {
  slug: string;
  updatedAt: string;
}

const dated = ['slug', 'updatedAt'];

export async function readSitemapEntries(cmsUrl: string): Promise<SitemapEntry[]> {
  const [categories, subCategories, products, factories, staticPages, articles] = await Promise.all([
    readCollection<Dated & { groups?: Array<{ slug: string }> }>(cmsUrl, 'categories', [
      ...fieldsQuery('fields', dated),
      ...fieldsQuery('populate[groups][fields]', ['slug']),
    ]),
    readCollection<{ path: string; updatedAt: string }>(
      cmsUrl,
      'sub-categories',
      fieldsQuery('fields', ['path', 'updatedAt']),
    ),
    readCollection<Dated & { sub_category: { path: string } | null }>(cmsUrl, 'products', [
      ...fieldsQuery('fields', dated),
      ...fieldsQuery('populate[sub_category][fields]', ['path']),
    ]),
    readCollection<Dated>(cmsUrl, 'factories', fieldsQuery('fields', dated)),
    readCollection<Dated>(cmsUrl, 'static-pages', fieldsQuery('fields', dated)),
    readCollection<Dated & { publish_date: string | null }>(cmsUrl, 'articles', [
      ...fieldsQuery('fields', [...dated, 'publish_date']),
      ['sort[0]', 'publish_date:desc'],
    ]),
  ]);
  const newestArticle = articles[0]?.updatedAt;
  const entries: SitemapEntry[] = FIXED_SITEMAP_PATHS.map((path) =>
    path === '/blog' && newestArticle ? { path, lastmod: newestArticle } : { path },
  );
  for (const category of categories) {
    entries.push({ path: `/${category.slug}`, lastmod: category.updatedAt });
    // Groups are part of their category's entry: they change with it.
    for (const group of category.groups ?? [])
      entries.push({ path: `/${category.slug}/${group.slug}`, lastmod: category.updatedAt });
  }
  for (const subCategory of subCategories)
    entries.push({ path: `/${cmsPath(subCategory.path)}`, lastmod: subCategory.updatedAt });
  for (const product of products) {
    const path = canonicalProductPath(product);
    if (path) entries.push({ path, lastmod: product.updatedAt });
  }
  for (const factory of factories) entries.push({ path: `/factories/${factory.slug}`, lastmod: factory.updatedAt });
  for (const page of staticPages) entries.push({ path: `/${page.slug}`, lastmod: page.updatedAt });
  for (const article of articles) entries.push({ path: `/blog/${article.slug}`, lastmod: article.updatedAt });
  // One URL once (a CMS slip such as a group and a sub-category on the same path).
  return [...new Map(entries.map((entry) => [entry.path, entry])).values()];
}

export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  return buildXml({
    urlset: {
      '@xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9',
      url: entries.map(({ path, lastmod }) => ({
        loc: `${siteUrl}${encodeURI(path)}`,
        ...(lastmod ? { lastmod } : {}),
      })),
    },
  });
}
