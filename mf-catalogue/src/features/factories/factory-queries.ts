import { queryOptions } from '@tanstack/react-query';
import { recordBySlugQuery, type ContentClient } from '@steel/shared';
import { allSubcategoryPaths } from '../../entities/category/category-tree';
import type { ListedProduct } from '../../entities/product/listing-queries';

export interface FactorySummary {
  slug: string;
  name: string;
  name_en: string | null;
  city: string | null;
  province: string | null;
  /** Sub-category codes as `category/subcategory` (`sheet/hot-rolled`). */
  main_products: string[] | null;
  main_products_text: string | null;
}

export interface FactoryDetail extends FactorySummary {
  city_en: string | null;
  province_en: string | null;
  /** Facts as the domain data has them (English), each backed by `sources`. */
  facts: string[] | null;
  /** `host/path (what it backs)`. */
  sources: string[] | null;
}

const SUMMARY_FIELDS = ['slug', 'name', 'name_en', 'city', 'province', 'main_products', 'main_products_text'];

/** Every factory (the CMS holds a few dozen at most), by name. */
export const factoryListQuery = (api: ContentClient) =>
  queryOptions({
    queryKey: ['factories', 'list'],
    queryFn: async ({ signal }) =>
      (
        await api.find<FactorySummary>(
          'factories',
          { fields: SUMMARY_FIELDS, sort: ['name:asc'], pagination: { page: 1, pageSize: 100 } },
          { signal },
        )
      ).data,
  });

/** A factory by slug, or null (the page is then a fatal 404). */
export const factoryBySlugQuery = (api: ContentClient, slug: string) =>
  recordBySlugQuery<FactoryDetail>(api, {
    collection: 'factories',
    slug,
    fields: [...SUMMARY_FIELDS, 'city_en', 'province_en', 'facts', 'sources'],
  });

/** A factory's products with their current prices (products whose producer is the factory). */
/** A factory's product as the catalogue lists it, with the sub-category that gives its address. */
export interface FactoryProduct extends ListedProduct {
  sub_category: { path: string } | null;
}

/**
 * The factory's products with today's price, daily change and picture, by name: computed by the
 * CMS (`/api/catalogue/factory-products`) like a sub-category's listing. The key starts with
 * `products`, so a price change drops the cached factory page.
 */
export const factoryProductsQuery = (api: ContentClient, slug: string) =>
  queryOptions({
    queryKey: ['products', 'by-producer', slug],
    queryFn: ({ signal }) =>
      api.request<{ products: FactoryProduct[]; total: number }>('/catalogue/factory-products', {
        query: { slug },
        signal,
      }),
  });

/** `sheet/hot-rolled` → the sub-category's page and title (groups included), or null when unknown. */
export function subcategoryOfProductCode(code: string): { path: string; title: string } | null {
  const [category, subcategory] = code.split('/');
  const found = allSubcategoryPaths().find(
    ({ path, subcategory: sub }) => path.startsWith(`/${category}/`) && sub.slug === subcategory,
  );
  return found ? { path: found.path, title: found.subcategory.titleFa } : null;
}

/** `financialtribune.com/articles/… (what it backs)` → a link and its label. */
export function sourceLink(source: string): { href: string; label: string } {
  const [address = '', ...rest] = source.split(' ');
  const href = /^https?:\/\//.test(address) ? address : `https://${address}`;
  return { href, label: rest.join(' ').replace(/^\(|\)$/g, '') || address };
}
