'use strict';

/**
 * The page states the app server asks for (a page's `stateSource`, mf-contract's
 * query-parameters.ts): for a page's path and one state of its query, every value each filter the
 * page keeps to the CMS's content may take (`values`, whatever the other filters say), how many
 * items the state lists (`total`), and the collections the answer read (`collections`: the server
 * asks again when the CMS reports a change to one). A filter value that is not among `values` is
 * sent to the URL without it before anything renders; a page past the last of `total` to the last.
 * Each answer is memoised until the content it read changes, so a flood of random values costs
 * the database nothing after the first request of a path.
 */
const { createDerivedCache } = require('../../../utils/derived-cache');
const { listingState } = require('../../../utils/catalogue-listing');

const PRODUCT = 'api::product.product';
const SUB_CATEGORY = 'api::sub-category.sub-category';
const ARTICLE = 'api::article.article';
const FACTORY = 'api::factory.factory';
const EXCHANGE_OFFER = 'api::exchange-offer.exchange-offer';
// Bounds on one read: far above the seed, far below what would hurt the CMS.
const MAX_PRODUCTS_PER_SUBCATEGORY = 2000;
const MAX_ENTRIES = 1000;
// `/landing/bourse` lists the latest 100 offers (mf-catalogue's recentOffersQuery): its filters are theirs.
const LATEST_OFFERS = 100;

let caches;
/** A memo per kind of page, dropped when a model its answers read changes (created once `strapi` exists). */
function memo(kind, key, compute) {
  caches ??= {
    listing: createDerivedCache(strapi, [PRODUCT, SUB_CATEGORY]),
    articles: createDerivedCache(strapi, [ARTICLE]),
    factories: createDerivedCache(strapi, [FACTORY]),
    exchangeOffers: createDerivedCache(strapi, [EXCHANGE_OFFER]),
  };
  return caches[kind].get(key, compute);
}

/** The values of one query parameter, as qs parsed them (one, several, or none). */
const valuesOf = (query, name) => {
  const raw = query[name];
  return (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((value) => typeof value === 'string');
};
const distinct = (values) => [...new Set(values.filter((value) => typeof value === 'string' && value !== ''))].sort();
/** One free value of a filter (the page keeps only the first); empty = all. */
const firstOf = (query, name) => valuesOf(query, name)[0] ?? '';

module.exports = {
  /**
   * GET /api/page-state/listing?path=/rebar/kalaf&diameter_mm=12 — a sub-category's listing: every
   * value of each attribute it lists, and how many products the filters leave. An unknown path
   * holds no value and lists nothing.
   */
  async listing(ctx) {
    const path = String(valuesOf(ctx.query, 'path')[0] ?? '').replace(/^\/+/, '');
    const loaded = await memo('listing', path, async () => {
      const subcategory = await strapi.documents(SUB_CATEGORY).findFirst({
        filters: { path: { $eq: path } },
        fields: ['attribute_keys'],
        status: 'published',
      });
      if (!subcategory) return null;
      const products = await strapi.documents(PRODUCT).findMany({
        filters: { sub_category: { documentId: { $eq: subcategory.documentId } } },
        fields: ['attributes'],
        status: 'published',
        limit: MAX_PRODUCTS_PER_SUBCATEGORY,
      });
      const attributes = Array.isArray(subcategory.attribute_keys) ? subcategory.attribute_keys : [];
      return { products, attributes };
    });
    const collections = ['products', 'sub-categories'];
    if (!loaded) {
      ctx.body = { values: {}, total: 0, collections };
      return;
    }
    const filters = Object.fromEntries(
      loaded.attributes.map((attribute) => [attribute, valuesOf(ctx.query, attribute)]),
    );
    ctx.body = { ...listingState(loaded.products, loaded.attributes, filters), collections };
  },

  /** GET /api/page-state/articles?tag=فولاد — every tag of the published articles, and how many the tag lists. */
  async articles(ctx) {
    const articles = await memo('articles', 'all', () =>
      strapi.documents(ARTICLE).findMany({ fields: ['tags'], status: 'published', limit: MAX_ENTRIES }),
    );
    const tagsOf = (article) => (Array.isArray(article.tags) ? article.tags : []);
    const tag = firstOf(ctx.query, 'tag');
    ctx.body = {
      values: { tag: distinct(articles.flatMap(tagsOf)) },
      total: tag ? articles.filter((article) => tagsOf(article).includes(tag)).length : articles.length,
      collections: ['articles'],
    };
  },

  /** GET /api/page-state/factories — the provinces the factories are in. */
  async factories(ctx) {
    const factories = await memo('factories', 'all', () =>
      strapi.documents(FACTORY).findMany({ fields: ['province'], status: 'published', limit: MAX_ENTRIES }),
    );
    const province = firstOf(ctx.query, 'province');
    ctx.body = {
      values: { province: distinct(factories.map((factory) => factory.province)) },
      total: factories.filter((factory) => !province || factory.province === province).length,
      collections: ['factories'],
    };
  },

  /** GET /api/page-state/exchange-offers — the groups, producers and session dates of the latest offers. */
  async exchangeOffers(ctx) {
    const offers = await memo('exchangeOffers', 'latest', () =>
      strapi.documents(EXCHANGE_OFFER).findMany({
        fields: ['commodity_group', 'producer', 'offer_date'],
        sort: ['offer_date:desc', 'offer_code:asc'],
        status: 'published',
        limit: LATEST_OFFERS,
      }),
    );
    const wanted = {
      group: firstOf(ctx.query, 'group'),
      producer: firstOf(ctx.query, 'producer'),
      date: firstOf(ctx.query, 'date'),
    };
    ctx.body = {
      values: {
        group: distinct(offers.map((offer) => offer.commodity_group)),
        producer: distinct(offers.map((offer) => offer.producer)),
        date: distinct(offers.map((offer) => offer.offer_date)),
      },
      total: offers.filter(
        (offer) =>
          (!wanted.group || offer.commodity_group === wanted.group) &&
          (!wanted.producer || offer.producer === wanted.producer) &&
          (!wanted.date || offer.offer_date === wanted.date),
      ).length,
      collections: ['exchange-offers'],
    };
  },
};
