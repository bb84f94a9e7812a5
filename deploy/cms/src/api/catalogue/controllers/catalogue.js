'use strict';

const { errors } = require('@strapi/utils');
const { buildListing, imageOf, listedProduct } = require('../../../utils/catalogue-listing');
const { createDerivedCache } = require('../../../utils/derived-cache');

const PRODUCT = 'api::product.product';
const SUB_CATEGORY = 'api::sub-category.sub-category';
// Bounds on what one request may read: far above the seed (at most a few dozen per
// sub-category, 328 in all) and far below what would hurt the CMS.
const MAX_PRODUCTS_PER_SUBCATEGORY = 2000;
const MAX_PRODUCTS_PER_CATEGORY = 5000;
const BOARD_MAX_PER_CATEGORY = 6;
const MAX_PRODUCTS_PER_FACTORY = 1000;

const LISTED_FIELDS = [
  'documentId',
  'slug',
  'name',
  'unit',
  'sale_unit',
  'price',
  'illustrative',
  'producer_name',
  'attributes',
  'price_history',
  'sort_order',
  'updatedAt',
];
const producerLink = { producer: { fields: ['slug', 'name'] } };
const imageFields = { fields: ['url', 'width', 'height', 'alternativeText'] };

// The views only change when the catalogue does: answers are kept until a product, category,
// sub-category or factory changes (created lazily: `strapi` exists once the app has started).
let views;
const cachedView = (key, compute) => {
  views ??= createDerivedCache(strapi, [PRODUCT, SUB_CATEGORY, 'api::category.category', 'api::factory.factory']);
  return views.get(key, compute);
};

/** A short plain string from the query, or a 400 naming the parameter. */
function textParam(ctx, name, { required = false, max = 200 } = {}) {
  const value = ctx.query[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw new errors.ValidationError(`${name} must be a text of 1–${max} characters`);
  }
  return value;
}

module.exports = {
  /** GET /api/catalogue/listing?path=rebar/kalaf&f[diameter_mm]=12&sort=price-asc&page=2 */
  async listing(ctx) {
    const path = textParam(ctx, 'path', { required: true });
    const sort = textParam(ctx, 'sort', { max: 20 });
    const page = textParam(ctx, 'page', { max: 6 });
    const filters = ctx.query.f && typeof ctx.query.f === 'object' && !Array.isArray(ctx.query.f) ? ctx.query.f : {};
    ctx.body = await cachedView(JSON.stringify(['listing', path, filters, sort, page]), async () => {
      const subcategory = await strapi.documents(SUB_CATEGORY).findFirst({
        filters: { path: { $eq: path } },
        fields: ['path', 'attribute_keys'],
        status: 'published',
      });
      if (!subcategory) return null;
      const products = await strapi.documents(PRODUCT).findMany({
        filters: {
          sub_category: { documentId: { $eq: subcategory.documentId } },
        },
        fields: LISTED_FIELDS,
        populate: { ...producerLink, images: imageFields },
        status: 'published',
        limit: MAX_PRODUCTS_PER_SUBCATEGORY,
      });
      const attributes = Array.isArray(subcategory.attribute_keys) ? subcategory.attribute_keys : [];
      return buildListing(products, attributes, { filters, sort, page });
    });
    if (!ctx.body) return ctx.notFound(`No sub-category at ${path}`);
  },

  /**
   * GET /api/catalogue/price-table?path=rebar/kalaf&f[diameter_mm]=12&sort=price-asc — today's
   * price table of a sub-category (its filters and sort, as the listing takes them), a group
   * (`sheet/coldplate`) or a whole category (`rebar`; sort only): every product, no pictures, each
   * with its sub-category's path. An unknown path is a 404.
   */
  async priceTable(ctx) {
    const path = textParam(ctx, 'path', { required: true });
    const sort = textParam(ctx, 'sort', { max: 20 });
    const filters = ctx.query.f && typeof ctx.query.f === 'object' && !Array.isArray(ctx.query.f) ? ctx.query.f : {};
    ctx.body = await cachedView(JSON.stringify(['price-table', path, filters, sort]), async () => {
      const subcategory = await strapi.documents(SUB_CATEGORY).findFirst({
        filters: { path: { $eq: path } },
        fields: ['path', 'attribute_keys'],
        status: 'published',
      });
      const [categorySlug] = path.split('/');
      const category = subcategory
        ? null
        : await strapi.documents('api::category.category').findFirst({
            filters: { slug: { $eq: categorySlug } },
            fields: ['slug'],
            status: 'published',
          });
      if (!subcategory && !category) return null;
      // A group is a prefix of its sub-categories' paths (`sheet/coldplate/…`); a category, its slug.
      const products = await strapi.documents(PRODUCT).findMany({
        filters: subcategory
          ? { sub_category: { documentId: { $eq: subcategory.documentId } } }
          : path === categorySlug
            ? { category: { slug: { $eq: categorySlug } } }
            : { sub_category: { path: { $startsWith: `${path}/` } } },
        fields: LISTED_FIELDS,
        populate: { ...producerLink, sub_category: { fields: ['path'] } },
        status: 'published',
        limit: MAX_PRODUCTS_PER_CATEGORY,
      });
      if (!subcategory && products.length === 0 && path !== categorySlug) return null;
      const attributes = Array.isArray(subcategory?.attribute_keys) ? subcategory.attribute_keys : [];
      return buildListing(products, attributes, { filters, sort }, { whole: true });
    });
    if (!ctx.body) return ctx.notFound(`No category, group or sub-category at ${path}`);
  },

  /**
   * GET /api/catalogue/factory-products?slug=mobarakeh-steel — a factory's products as the listing
   * shows them (price, daily change, picture), by name, each with its sub-category's path (its
   * address). An unknown factory has none.
   */
  async factoryProducts(ctx) {
    const slug = textParam(ctx, 'slug', { required: true, max: 100 });
    ctx.body = await cachedView(JSON.stringify(['factory-products', slug]), async () => {
      const products = await strapi.documents(PRODUCT).findMany({
        filters: { producer: { slug: { $eq: slug } } },
        fields: LISTED_FIELDS,
        populate: { ...producerLink, images: imageFields, sub_category: { fields: ['path'] } },
        sort: ['name:asc'],
        status: 'published',
        limit: MAX_PRODUCTS_PER_FACTORY,
      });
      return { products: products.map(listedProduct), total: products.length };
    });
  },

  /**
   * GET /api/catalogue/overview?category=sheet — per sub-category of the category: how many
   * products and the lowest current price (category and group pages sum them up).
   */
  async overview(ctx) {
    const category = textParam(ctx, 'category', { required: true, max: 60 });
    ctx.body = await cachedView(JSON.stringify(['overview', category]), async () => {
      const products = await strapi.documents(PRODUCT).findMany({
        filters: { category: { slug: { $eq: category } } },
        fields: ['price'],
        populate: { sub_category: { fields: ['path'] } },
        status: 'published',
        limit: MAX_PRODUCTS_PER_CATEGORY,
      });
      const byPath = new Map();
      for (const product of products) {
        const path = product.sub_category?.path;
        if (!path) continue;
        const entry = byPath.get(path) ?? { path, count: 0, minPrice: null };
        entry.count += 1;
        const price = Number(product.price) || null;
        if (price && (entry.minPrice === null || price < entry.minPrice)) entry.minPrice = price;
        byPath.set(path, entry);
      }
      return { category, subcategories: [...byPath.values()] };
    });
  },

  /**
   * GET /api/catalogue/price-board?perCategory=3 — the first products of every category (the
   * catalogue's own order: each sub-category's first product, sub-categories in order), with
   * their change against the previous day, for the home page. One query for the whole board.
   */
  async priceBoard(ctx) {
    const perCategory = Math.min(BOARD_MAX_PER_CATEGORY, Math.max(1, Number.parseInt(ctx.query.perCategory, 10) || 3));
    ctx.body = await cachedView(JSON.stringify(['price-board', perCategory]), async () => {
      const [categories, firsts] = await Promise.all([
        strapi.documents('api::category.category').findMany({
          fields: ['slug', 'title'],
          populate: { image: imageFields },
          sort: ['sort_order:asc'],
          status: 'published',
          limit: 50,
        }),
        strapi.documents(PRODUCT).findMany({
          filters: { sort_order: { $lt: perCategory } },
          fields: LISTED_FIELDS.filter((field) => field !== 'attributes'),
          populate: {
            sub_category: { fields: ['path', 'sort_order'] },
            category: { fields: ['slug'] },
          },
          status: 'published',
          limit: MAX_PRODUCTS_PER_CATEGORY,
        }),
      ]);
      const order = (p) => [p.sort_order ?? 0, p.sub_category?.sort_order ?? 0];
      const byOrder = (a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1];
      return {
        categories: categories.map((category) => ({
          slug: category.slug,
          title: category.title,
          image: imageOf(category.image),
          products: firsts
            .filter((product) => product.category?.slug === category.slug)
            .sort(byOrder)
            .slice(0, perCategory)
            .map(({ category: _category, ...product }) =>
              listedProduct({
                ...product,
                sub_category: product.sub_category ? { path: product.sub_category.path } : null,
              }),
            ),
        })),
      };
    });
  },
};
