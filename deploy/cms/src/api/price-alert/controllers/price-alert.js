'use strict';

const { errors } = require('@strapi/utils');
const { ownerScopedController, refuse } = require('../../../utils/owner-scoped');

const UID = 'api::price-alert.price-alert';
/** Enough for every product a buyer follows closely; more is a scraper, not a buyer. */
const MAX_ACTIVE_ALERTS = 20;
/** Rial: ten thousand billion toman is no steel price. */
const MAX_PRICE_RIAL = 10 ** 14;

/** A threshold in rial: a whole positive number (the panel sends toman × 10). */
const readThreshold = (value) => {
  const rial = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (!Number.isSafeInteger(rial) || rial <= 0 || rial > MAX_PRICE_RIAL)
    throw new errors.ValidationError('below_price must be a whole number of rial above zero', { key: 'below_price' });
  return rial;
};

const publishedProduct = async (strapi, slug) => {
  if (typeof slug !== 'string' || !slug.trim()) throw new errors.ValidationError('product_slug is required');
  const product = await strapi.documents('api::product.product').findFirst({
    filters: { slug: { $eq: slug.trim() } },
    status: 'published',
    fields: ['slug', 'name', 'price'],
    populate: { sub_category: { fields: ['path'] } },
  });
  if (!product) throw new errors.ValidationError(`Unknown product: ${slug}`, { key: 'product_slug' });
  return product;
};

// An alert set at or above today's price would fire for a fall that has not happened: refused, so
// that every notification means the price came down to the buyer's figure.
const checkBelowCurrent = (product, rial) => {
  if (product.price !== null && product.price !== undefined && Number(product.price) <= rial)
    throw new errors.ValidationError('below_price must be below the current price', {
      key: 'below_price',
      currentPrice: Number(product.price),
    });
};

const checkActiveLimit = async (strapi, user) => {
  const active = await strapi.documents(UID).count({ filters: { owner: { id: { $eq: user.id } }, active: true } });
  if (active >= MAX_ACTIVE_ALERTS)
    throw refuse(`At most ${MAX_ACTIVE_ALERTS} active price alerts per account`, { limit: MAX_ACTIVE_ALERTS });
};

/**
 * A customer's price alerts (owner-scoped). One per product: creating a second for the same
 * product sets the existing one's threshold and resumes it — the product page's form means «tell
 * me below this figure», and a buyer who changes their mind must not end up with two alerts (and
 * two mails a day) for one product. At most 20 active. The CMS fills in the product's name and path
 * and keeps `last_fired_at` (src/bootstrap/price-alerts.js fires them).
 */
module.exports = ownerScopedController(UID, {
  async beforeCreate(data, { user, strapi }) {
    const product = await publishedProduct(strapi, data.product_slug);
    const below = readThreshold(data.below_price);
    checkBelowCurrent(product, below);
    await checkActiveLimit(strapi, user);
    return {
      product_slug: product.slug,
      product_name: product.name,
      product_path: product.sub_category ? `/${product.sub_category.path}/${product.slug}` : null,
      below_price: below,
      active: true,
      last_fired_at: null,
    };
  },
  async beforeUpdate(data, { user, existing, strapi }) {
    const changes = {};
    if (data.below_price !== undefined) {
      changes.below_price = readThreshold(data.below_price);
      checkBelowCurrent(await publishedProduct(strapi, existing.product_slug), changes.below_price);
    }
    if (data.active !== undefined) {
      if (typeof data.active !== 'boolean') throw new errors.ValidationError('active must be true or false');
      if (data.active && !existing.active) await checkActiveLimit(strapi, user);
      changes.active = data.active;
    }
    // The product, its name and when the alert last fired are the CMS's to keep.
    return changes;
  },
  extend: ({ strapi, helpers, actions }) => ({
    async create(ctx) {
      const user = helpers.requireUser(ctx);
      const data = helpers.readBodyData(ctx);
      const existing =
        typeof data.product_slug === 'string' &&
        (await strapi.documents(UID).findFirst({
          filters: { $and: [{ product_slug: { $eq: data.product_slug.trim() } }, helpers.ownFilter(user)] },
          fields: ['documentId'],
        }));
      if (!existing) return actions.create.call(this, ctx);
      ctx.params.id = existing.documentId;
      ctx.request.body = { data: { below_price: data.below_price, active: true } };
      return actions.update.call(this, ctx);
    },
  }),
});

module.exports.MAX_ACTIVE_ALERTS = MAX_ACTIVE_ALERTS;
