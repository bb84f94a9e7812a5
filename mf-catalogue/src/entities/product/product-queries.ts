/**
 * The catalogue's product data as TanStack Query options (the page-data pattern): pages read
 * them with useSuspenseQuery, the server prefetches the same options. Query keys start with the
 * CMS collection they read, so a change in that collection drops the cached HTML using it.
 */
import { queryOptions } from '@tanstack/react-query';
import { CMS_IMAGE_FIELDS, recordBySlugQuery, type CmsImage, type ContentClient } from '@steel/shared';

export interface ProductSummary {
  documentId: string;
  slug: string;
  name: string;
  unit: string;
  sale_unit: string | null;
  /** Rial per `unit`. */
  price: number;
  illustrative: boolean;
  producer_name: string | null;
  attributes: Record<string, string | number | null>;
  updatedAt: string;
}

/** One day of a product's price history as the CMS holds it (seed: 90 days, oldest first). */
export interface PriceHistoryPoint {
  /** `YYYY-MM-DD` (UTC day). */
  date: string;
  /** Rial per `unit`. */
  price: number;
}

export interface ProductDetail extends ProductSummary {
  description: string | null;
  note: string | null;
  /** `path` as the CMS holds it: `rebar/kalaf`, without the leading slash. */
  sub_category: { path: string; title: string } | null;
  price_history: PriceHistoryPoint[] | null;
  /** The producer's factory (its page is `/factories/{slug}`), when the CMS links one. */
  producer: { slug: string; name: string } | null;
  /** Only on the product's own query (related products come without). */
  images?: CmsImage[] | null;
}

const SUMMARY_FIELDS = [
  'slug',
  'name',
  'unit',
  'sale_unit',
  'price',
  'illustrative',
  'producer_name',
  'attributes',
  'updatedAt',
];

// One definition of the catalogue's site paths, shared with the app server's sitemap.
export { cmsPath, canonicalProductPath } from '@steel/shared';

/** A product by its slug, or null when the CMS has none (the page is then a fatal 404). */
export const productBySlugQuery = (api: ContentClient, slug: string) =>
  recordBySlugQuery<ProductDetail>(api, {
    collection: 'products',
    slug,
    fields: [...SUMMARY_FIELDS, 'description', 'note', 'price_history'],
    populate: {
      sub_category: { fields: ['path', 'title'] },
      producer: { fields: ['slug', 'name'] },
      images: { fields: CMS_IMAGE_FIELDS },
    },
  });

export const RELATED_PRODUCTS_COUNT = 6;

/**
 * A few other products of the same sub-category as the product `slug` (found through the
 * sub-category's products, so the query needs only the slug: both product URLs prefetch it).
 */
export const relatedProductsQuery = (api: ContentClient, slug: string) =>
  queryOptions({
    queryKey: ['products', 'related', slug],
    queryFn: async ({ signal }) => {
      const result = await api.find<ProductDetail>(
        'products',
        {
          filters: { slug: { $ne: slug }, sub_category: { products: { slug: { $eq: slug } } } },
          fields: SUMMARY_FIELDS,
          populate: { sub_category: { fields: ['path', 'title'] } },
          sort: ['sort_order:asc', 'name:asc'],
          pagination: { page: 1, pageSize: RELATED_PRODUCTS_COUNT },
        },
        { signal },
      );
      return result.data;
    },
  });
