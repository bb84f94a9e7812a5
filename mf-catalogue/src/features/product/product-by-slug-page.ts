import { lazyPage, type PageDefinition } from '@steel/shared';
import { PRODUCT_PAGE_QUERY, productHead, productLocationOf, productPageQueries } from './product-head';
import { productBySlugQuery } from '../../entities/product/product-queries';

/** `/product/{slug}`: the same page as the product's canonical path, with a canonical link to it. */
export const productBySlugPage: PageDefinition = {
  path: '/product/:slug',
  query: PRODUCT_PAGE_QUERY,
  slots: ['product.actions'],
  data: (url, { api }) => productPageQueries(api, url.params['slug'] ?? ''),
  head: (url, read, { api }) => {
    const product = read(productBySlugQuery(api, url.params['slug'] ?? ''));
    const location = productLocationOf(product?.sub_category?.path);
    return product && location ? productHead(product, location) : null;
  },
  Page: lazyPage(
    () =>
      import(/* webpackChunkName: "product" */ './product-views').then((views) => ({
        default: views.ProductBySlugView,
      })),
    { chunk: 'product' },
  ),
};
