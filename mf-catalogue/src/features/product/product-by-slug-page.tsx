import { useSuspenseQuery } from '@tanstack/react-query';
import { locateInCatalogue, useShell, type PageDefinition, type PageUrl } from '@steel/shared';
import { ProductPage, productHead, productPageQueries } from './product-page';
import { PENDING_ACTION_PARAM } from './product-actions';
import { productBySlugQuery } from '../../entities/product/product-queries';

/** The tree location of a product's sub-category (from its CMS path), for breadcrumb and head. */
function locationOf(subcategoryPath: string | undefined) {
  const location = subcategoryPath ? locateInCatalogue(subcategoryPath.split('/').filter(Boolean)) : null;
  return location?.kind === 'subcategory' ? location : null;
}

/** `/product/{slug}`: the same page as the product's canonical path, with a canonical link to it. */
export const productBySlugPage: PageDefinition = {
  path: '/product/:slug',
  query: [PENDING_ACTION_PARAM],
  data: (url, { api }) => productPageQueries(api, url.params['slug'] ?? ''),
  head: (url, read, { api }) => {
    const product = read(productBySlugQuery(api, url.params['slug'] ?? ''));
    const location = locationOf(product?.sub_category?.path);
    return product && location ? productHead(product, location) : null;
  },
  Page: ProductBySlugView,
};

function ProductBySlugView({ url }: { url: PageUrl }) {
  const { api } = useShell();
  const { data: product } = useSuspenseQuery(productBySlugQuery(api, url.params['slug'] ?? ''));
  const location = locationOf(product?.sub_category?.path);
  return product && location ? <ProductPage product={product} location={location} /> : null;
}
