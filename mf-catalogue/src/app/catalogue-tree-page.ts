import {
  breadcrumbJsonLd,
  lazyPage,
  salesContactQuery,
  type PageDataContext,
  type PageDefinition,
  type PageUrl,
} from '@steel/shared';
import { categories, type CatalogueLocation } from '../entities/category/category-tree';
import { PRODUCT_PAGE_QUERY, productHead, productPageQueries } from '../features/product/product-head';
import { cmsPath, productBySlugQuery } from '../entities/product/product-queries';
import {
  LISTING_STATE_SOURCE,
  PRICE_TABLE_PARAMETERS,
  listingParameters,
  subcategoryListingState,
} from '../entities/product/listing/listing-url';
import { priceTableAt } from '../features/price-table/price-table-location';
import { priceTableQuery } from '../features/price-table/price-table-query';
import { categoryOverviewQuery, subcategoryListingQuery } from '../entities/product/listing-queries';
import { subcategoryPath, trailTo } from '../entities/category/breadcrumbs';
import { locate } from './catalogue-tree-location';

function dataOf(location: CatalogueLocation | null, url: PageUrl, { api }: PageDataContext) {
  const table = priceTableAt(location, url);
  if (table) return [priceTableQuery(api, table.treePath, table.state)];
  if (location?.kind === 'category' || location?.kind === 'group')
    return [categoryOverviewQuery(api, location.category.slug)];
  if (location?.kind === 'subcategory')
    return [
      subcategoryListingQuery(api, subcategoryPath(location), subcategoryListingState(location.subcategory, url)),
      // Each row's call button on phones.
      salesContactQuery(api),
    ];
  if (location?.kind === 'product') return productPageQueries(api, location.productSlug);
  return [];
}

/**
 * What each page of a category's tree reads of its query: the category and group pages their
 * price table's view and sort, a sub-category's listing its filters, sort, page and view (the
 * attributes of all the category's sub-categories: one declaration per category keeps the
 * published registry small), a product page only its pending action after sign-in.
 */
function treeSubpages(categorySlug: string): PageDefinition['subpages'] {
  const category = categories.find((candidate) => candidate.slug === categorySlug);
  const subcategories = [
    ...(category?.subcategories ?? []),
    ...(category?.groups ?? []).flatMap((group) => group.subcategories),
  ];
  const listing = `/${categorySlug}${category?.groups.length ? '/:group' : ''}/:subcategory`;
  return [
    { path: `/${categorySlug}`, query: PRICE_TABLE_PARAMETERS },
    ...(category?.groups.length ? [{ path: `/${categorySlug}/:group`, query: PRICE_TABLE_PARAMETERS }] : []),
    {
      path: listing,
      query: listingParameters(subcategories.flatMap((subcategory) => subcategory.attributes)),
      stateSource: LISTING_STATE_SOURCE,
    },
    { path: `${listing}/:product`, query: PRODUCT_PAGE_QUERY },
  ];
}

/** Every category's tree pages are one view, in its own chunk: the category is the path's first segment. */
const CatalogueTreeView = lazyPage(() => import(/* webpackChunkName: "catalogue-tree" */ './catalogue-tree-view'), {
  chunk: 'catalogue-tree',
});

/**
 * Categories, their groups (a component of the category), sub-categories and products at their
 * canonical paths — those this build's tree has (its navigation): the CMS may already or still
 * hold a sub-category this version does not route.
 */
const CATALOGUE_SITEMAP: PageDefinition['sitemap'] = [
  { collection: 'categories', path: '/:slug', within: 'navigation' },
  { collection: 'categories', path: '/:slug/:groups.slug', within: 'navigation' },
  { collection: 'sub-categories', path: '/:path', within: 'navigation' },
  { collection: 'products', path: '/:sub_category.path/:slug', within: 'navigation' },
];

/** The page definition of one category's whole tree: category, group, sub-category, product. */
export function catalogueTreePage(categorySlug: string): PageDefinition {
  return {
    path: `/${categorySlug}/*`,
    query: [],
    // A sub-category's listing rows and a product page's actions.
    slots: ['product.actions', 'listing.row'],
    // The whole tree from the CMS (each category's page declares it; the sitemap reads it once).
    sitemap: CATALOGUE_SITEMAP,
    subpages: treeSubpages(categorySlug),
    data: (url, context) => dataOf(locate(categorySlug, url), url, context),
    head: (url, read, { api }) => {
      const location = locate(categorySlug, url);
      if (!location) return null;
      if (location.kind === 'product') {
        const product = read(productBySlugQuery(api, location.productSlug));
        // The slug must name a product of this very sub-category.
        if (!product || cmsPath(product.sub_category?.path ?? '') !== cmsPath(subcategoryPath(location))) return null;
        return productHead(product, location);
      }
      const table = priceTableAt(location, url);
      if (table) {
        const canonical = `${url.pathname}?view=prices`;
        return {
          title: `جدول قیمت روز ${table.title}`,
          description: `قیمت امروز همهٔ محصولات ${table.title} در یک جدول: سایز، گرید، تولیدکننده، تغییر نسبت به روز قبل و ساعت آخرین تغییر؛ قابل چاپ و دانلود (CSV و Excel).`,
          // The table's canonical address is its node's with the view alone: filters and sort are a view of it.
          canonical,
          jsonLd: [breadcrumbJsonLd(table.breadcrumb, canonical)],
        };
      }
      if (location.kind === 'subcategory') {
        // A page past the last names nothing: 404, as on every list of the site.
        const state = subcategoryListingState(location.subcategory, url);
        if (
          state.page > 1 &&
          state.page > read(subcategoryListingQuery(api, subcategoryPath(location), state)).pageCount
        )
          return null;
      }
      const node =
        location.kind === 'category'
          ? location.category
          : location.kind === 'group'
            ? location.group
            : location.subcategory;
      const trail =
        location.kind === 'category'
          ? [{ label: location.category.titleFa }]
          : location.kind === 'group'
            ? [...trailTo(location.category, null), { label: location.group.titleFa }]
            : [...trailTo(location.category, location.group), { label: location.subcategory.titleFa }];
      const description =
        'descriptionFa' in node && node.descriptionFa
          ? node.descriptionFa
          : `${node.titleFa}: قیمت روز، مشخصات فنی و تولیدکنندگان`;
      return {
        title: `قیمت ${node.titleFa}`,
        description,
        canonical: url.pathname,
        jsonLd: [breadcrumbJsonLd(trail, url.pathname)],
      };
    },
    Page: CatalogueTreeView,
  };
}
