/**
 * What a product page's definition needs without its view: the data it reads and its head. The
 * view (product-page.tsx: price box, chart, actions) loads with the page's own chunk.
 */
import { oneOfParameter, type PageHead } from '@steel/contract';
import { breadcrumbJsonLd, salesContactQuery, shareImageUrl, type ContentClient } from '@steel/shared';
import { locateInCatalogue, type CatalogueLocation } from '../../entities/category/category-tree';
import { subcategoryPath, trailTo } from '../../entities/category/breadcrumbs';
import {
  canonicalProductPath,
  productBySlugQuery,
  relatedProductsQuery,
  type ProductDetail,
} from '../../entities/product/product-queries';

export type ProductLocation = Extract<CatalogueLocation, { kind: 'product' | 'subcategory' }>;

/** What both product URLs prefetch: the product and a few others of its sub-category. */
export const productPageQueries = (api: ContentClient, slug: string) => [
  productBySlugQuery(api, slug),
  relatedProductsQuery(api, slug),
  // The call and messenger buttons, in the server's HTML.
  salesContactQuery(api),
];

export function productTrail(product: ProductDetail, location: ProductLocation) {
  const { category, group, subcategory } = location;
  return [
    ...trailTo(category, group),
    { label: subcategory.titleFa, to: subcategoryPath(location) },
    { label: product.name },
  ];
}

/** How wide the product's picture is shown: the page's main image, so it loads at once. */
export const PRODUCT_IMAGE = { displayWidth: 352, sizes: '(min-width: 1024px) 352px, 100vw' };

/** Title, description, canonical path and JSON-LD `Product` (with its offer) and `BreadcrumbList`. */
export function productHead(product: ProductDetail, location: ProductLocation): PageHead {
  const canonical = canonicalProductPath(product) ?? undefined;
  const image = shareImageUrl(product.images?.[0]);
  return {
    title: product.name,
    description:
      product.description ?? `${product.name}: قیمت روز (نمایشی)، نمودار قیمت ۹۰ روز اخیر، مشخصات فنی و تولیدکننده`,
    canonical,
    ogType: 'product',
    ...(image ? { image } : {}),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        sku: product.slug,
        ...(product.description ? { description: product.description } : {}),
        category: location.subcategory.titleFa,
        ...(product.producer_name ? { brand: { '@type': 'Brand', name: product.producer_name } } : {}),
        ...(canonical ? { url: canonical } : {}),
        ...(image ? { image } : {}),
        offers: {
          '@type': 'Offer',
          price: String(product.price),
          priceCurrency: 'IRR',
          availability: 'https://schema.org/InStock',
          ...(canonical ? { url: canonical } : {}),
        },
      },
      breadcrumbJsonLd(productTrail(product, location), canonical ?? ''),
    ],
    ...(product.images?.[0] ? { lcpImage: { src: product.images[0].url, ...PRODUCT_IMAGE } } : {}),
  };
}

/**
 * The query parameter that carries a signed-out visitor's action through sign-in: they come
 * back to `…/{slug}?action=order` and the order request is made for them, without a second click.
 */
export const PENDING_ACTION_PARAM = 'action';
export const PRODUCT_ACTIONS = ['order', 'watch'] as const;
export type ProductAction = (typeof PRODUCT_ACTIONS)[number];
/** What a product page reads of its query: only the pending action. */
export const PRODUCT_PAGE_QUERY = [oneOfParameter(PENDING_ACTION_PARAM, PRODUCT_ACTIONS)];

/** The tree location of a product's sub-category (from its CMS path), for breadcrumb and head. */
export function productLocationOf(subcategoryPath: string | undefined) {
  const location = subcategoryPath ? locateInCatalogue(subcategoryPath.split('/').filter(Boolean)) : null;
  return location?.kind === 'subcategory' ? location : null;
}
