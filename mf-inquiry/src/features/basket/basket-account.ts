import { canonicalProductPath, type ContentClient } from '@steel/shared';
import type { SlotProduct } from '@steel/contract';
import type { AccountLine } from './basket-merge';
import type { ProductRecord } from '../../entities/product/product-record';

/** The signed-in buyer's basket as the CMS keeps it (one per account). */
export async function readAccountBasket(api: ContentClient): Promise<AccountLine[]> {
  const answer = await api.request<{ data: { lines?: AccountLine[] | null } | null }>('/inquiry-basket/mine');
  return (answer.data?.lines ?? []).map((line) => ({
    product_slug: line.product_slug,
    quantity: Number(line.quantity),
  }));
}

/** Replaces the account's basket with these lines. */
export async function writeAccountBasket(api: ContentClient, lines: readonly AccountLine[]): Promise<void> {
  await api.request('/inquiry-basket/mine', { method: 'PUT', body: { data: { lines } } });
}

/**
 * The products of lines the browser has not seen (put in the basket on another device), described
 * as the catalogue's slots describe them. Unpublished or unknown slugs are simply not in the answer.
 */
export async function findBasketProducts(
  api: ContentClient,
  slugs: readonly string[],
): Promise<Map<string, SlotProduct>> {
  if (slugs.length === 0) return new Map();
  const list = await api.find<ProductRecord>('products', {
    filters: { slug: { $in: slugs } },
    fields: ['slug', 'name', 'unit', 'sale_unit', 'price', 'illustrative', 'producer_name', 'attributes'],
    populate: { sub_category: { fields: ['path'] }, producer: { fields: ['name'] } },
    pagination: { page: 1, pageSize: slugs.length },
  });
  return new Map(
    list.data.flatMap((record): Array<[string, SlotProduct]> => {
      const path = canonicalProductPath(record);
      if (!path) return [];
      const price = record.price === null ? null : Number(record.price);
      return [
        [
          record.slug,
          {
            documentId: record.documentId,
            slug: record.slug,
            name: record.name,
            path,
            unit: record.unit,
            saleUnit: record.sale_unit,
            price: price !== null && Number.isFinite(price) && price > 0 ? price : null,
            illustrative: Boolean(record.illustrative),
            attributes: record.attributes ?? {},
            subCategory: path.replace(/^\/+/, '').split('/').slice(0, -1).join('/'),
            producer: record.producer?.name ?? record.producer_name,
          },
        ],
      ];
    }),
  );
}
