import { queryOptions } from '@tanstack/react-query';
import { allSubcategoryPaths, type ContentClient } from '@steel/shared';
import { type ProductSummary } from '../products/api/product-queries';

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
      (await api.find<FactorySummary>('factories', { fields: SUMMARY_FIELDS, sort: ['name:asc'], pagination: { page: 1, pageSize: 100 } }, { signal })).data,
  });

/** A factory by slug, or null (the page is then a fatal 404). */
export const factoryBySlugQuery = (api: ContentClient, slug: string) =>
  queryOptions({
    queryKey: ['factories', 'by-slug', slug],
    queryFn: async ({ signal }) => {
      const result = await api.find<FactoryDetail>(
        'factories',
        { filters: { slug: { $eq: slug } }, fields: [...SUMMARY_FIELDS, 'city_en', 'province_en', 'facts', 'sources'], pagination: { page: 1, pageSize: 1 } },
        { signal },
      );
      return result.data[0] ?? null;
    },
  });

/** A factory's products with their current prices (products whose producer is the factory). */
export const factoryProductsQuery = (api: ContentClient, slug: string) =>
  queryOptions({
    queryKey: ['products', 'by-producer', slug],
    queryFn: async ({ signal }) => {
      const result = await api.find<ProductSummary>(
        'products',
        {
          filters: { producer: { slug: { $eq: slug } } },
          fields: ['slug', 'name', 'unit', 'sale_unit', 'price', 'illustrative', 'producer_name', 'attributes', 'updatedAt'],
          sort: ['name:asc'],
          pagination: { page: 1, pageSize: 100 },
        },
        { signal },
      );
      return { products: result.data, total: result.meta.pagination?.total ?? result.data.length };
    },
  });

/** `sheet/hot-rolled` → the sub-category's page and title (groups included), or null when unknown. */
export function subcategoryOfProductCode(code: string): { path: string; title: string } | null {
  const [category, subcategory] = code.split('/');
  const found = allSubcategoryPaths().find(({ path, subcategory: sub }) => path.startsWith(`/${category}/`) && sub.slug === subcategory);
  return found ? { path: found.path, title: found.subcategory.titleFa } : null;
}

/** `financialtribune.com/articles/… (what it backs)` → a link and its label. */
export function sourceLink(source: string): { href: string; label: string } {
  const [address = '', ...rest] = source.split(' ');
  const href = /^https?:\/\//.test(address) ? address : `https://${address}`;
  return { href, label: rest.join(' ').replace(/^\(|\)$/g, '') || address };
}
