import { useSuspenseQuery } from '@tanstack/react-query';
import { useShell, type PageUrl } from '@steel/shared';
import type { CatalogueLocation } from '../../entities/category/category-tree';
import { ProductPage } from './product-page';
import { productLocationOf } from './product-head';
import { productBySlugQuery } from '../../entities/product/product-queries';

/** `/product/{slug}`'s view: the product as its canonical page shows it. */
export function ProductBySlugView({ url }: { url: PageUrl }) {
  const { api } = useShell();
  const { data: product } = useSuspenseQuery(productBySlugQuery(api, url.params['slug'] ?? ''));
  const location = productLocationOf(product?.sub_category?.path);
  return product && location ? <ProductPage product={product} location={location} /> : null;
}

/** A product at its place in the category tree (`/{category}/…/{subcategory}/{slug}`). */
export function ProductFromTree({ location }: { location: Extract<CatalogueLocation, { kind: 'product' }> }) {
  const { api } = useShell();
  const { data: product } = useSuspenseQuery(productBySlugQuery(api, location.productSlug));
  return product ? <ProductPage product={product} location={location} /> : null;
}
