import type { SlotProduct } from '@steel/contract';
import type { ListedProduct } from './listing-queries';
import type { ProductSummary } from './product-queries';

/**
 * A product as the catalogue hands it to other apps' slots (the product page's actions, a listing
 * row): plain data, the page's path, and the sub-category that path names.
 */
export function toSlotProduct(
  product: Pick<
    ProductSummary | ListedProduct,
    'documentId' | 'slug' | 'name' | 'unit' | 'sale_unit' | 'price' | 'illustrative' | 'attributes' | 'producer_name'
  > & {
    producer?: { name: string } | null;
  },
  path: string,
): SlotProduct {
  return {
    documentId: product.documentId,
    slug: product.slug,
    name: product.name,
    path,
    unit: product.unit,
    saleUnit: product.sale_unit,
    price: product.price,
    illustrative: product.illustrative,
    attributes: product.attributes ?? {},
    subCategory: path.replace(/^\/+/, '').split('/').slice(0, -1).join('/'),
    producer: product.producer?.name ?? product.producer_name,
  };
}
