import { queryOptions } from '@tanstack/react-query';
import { dailyChange, priceChangeFrom, type ContentClient, type PriceChange } from '@steel/shared';
import type { ProductRecord } from '../../entities/product/product-record';

/** A product as the compare page reads it: with its price history and names of its place. */
export type ComparedRecord = ProductRecord & {
  price_history: { date: string; price: number }[] | null;
  sub_category: { path: string; title: string } | null;
  producer: { slug: string; name: string } | null;
};

/**
 * The products of `?p=`, in the order the link gives them. The query key starts with `products`,
 * so the page cache drops a cached comparison when a product changes.
 */
export const comparedProductsQuery = (api: ContentClient, slugs: readonly string[]) =>
  queryOptions({
    queryKey: ['products', 'compare', ...slugs],
    queryFn: async ({ signal }) => {
      if (slugs.length === 0) return [];
      const found = await api.find<ComparedRecord>(
        'products',
        {
          filters: { slug: { $in: slugs } },
          fields: [
            'slug',
            'name',
            'unit',
            'sale_unit',
            'price',
            'illustrative',
            'producer_name',
            'attributes',
            'price_history',
          ],
          populate: { sub_category: { fields: ['path', 'title'] }, producer: { fields: ['slug', 'name'] } },
          pagination: { page: 1, pageSize: slugs.length },
        },
        { signal },
      );
      const bySlug = new Map(found.data.map((product) => [product.slug, product]));
      return slugs.flatMap((slug) => bySlug.get(slug) ?? []);
    },
  });

/**
 * What the page compares: the products of the first one's sub-category (a hand-edited link may mix
 * them; the rest are left out and named), and the union of their attribute keys in the order they
 * first appear, the producer aside (it has a row of its own).
 */
export function comparison(products: readonly ComparedRecord[]) {
  const subCategory = products[0]?.sub_category?.path ?? null;
  const shown = products.filter((product) => (product.sub_category?.path ?? null) === subCategory);
  const left = products.filter((product) => !shown.includes(product));
  const keys = [
    ...new Set(
      shown.flatMap((product) =>
        Object.entries(product.attributes ?? {})
          .filter(([key, value]) => key !== 'producer' && value !== null && value !== '')
          .map(([key]) => key),
      ),
    ),
  ];
  return { shown, left, keys, subCategoryTitle: shown[0]?.sub_category?.title ?? null };
}

/** The change the catalogue's lists show: the kit's daily change, as the CMS computes it for them. */
export const dailyPriceChange = (product: Pick<ComparedRecord, 'price' | 'price_history'>): PriceChange | null =>
  priceChangeFrom(dailyChange(product));
