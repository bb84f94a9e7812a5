'use strict';

const { errors } = require('@strapi/utils');
const { ownerScopedController, refuse } = require('../../../utils/owner-scoped');
const { ALERT_THRESHOLD_RIAL, persianFigure, readTypedNumber } = require('../../../utils/site-rules');

const UID = 'api::price-alert.price-alert';
/** Enough for every product a buyer follows closely; more is a scraper, not a buyer. */
const MAX_ACTIVE_ALERTS = 20;

/**
 * A threshold in rial (the product page sends the toman typed × 10), read by the kit's one reader
 * against the rule the page's own is the toman form of: what the page refuses, this refuses.
 */
const readThreshold = (value) => {
  const reading = readTypedNumber(value, { ...ALERT_THRESHOLD_RIAL, label: 'مبلغ اعلان (below_price)' });
  if (reading.error) throw new errors.ValidationError(reading.error, { key: 'below_price' });
  return reading.value;
};

const publishedProduct = async (strapi, slug) => {
  if (typeof slug !== 'string' || !slug.trim())
    throw new errors.ValidationError('محصول اعلان (product_slug) را نام ببرید.', { key: 'product_slug' });
  const product = await strapi.documents('api::product.product').findFirst({
    filters: { slug: { $eq: slug.trim() } },
    status: 'published',
    fields: ['slug', 'name', 'price'],
    populate: { sub_category: { fields: ['path'] } },
  });
  if (!product) throw new errors.ValidationError(`محصولی با نشانی «${slug}» فروخته نمی‌شود.`, { key: 'product_slug' });
  return product;
};

// An alert set at or above today's price would fire for a fall that has not happened: refused, so
// that every notification means the price came down to the buyer's figure.
const checkBelowCurrent = (product, rial) => {
  if (product.price !== null && product.price !== undefined && Number(product.price) <= rial)
    throw new errors.ValidationError(
      `مبلغ اعلان باید کمتر از قیمت فعلی (${persianFigure(Math.round(Number(product.price) / 10))} تومان) باشد.`,
      { key: 'below_price', currentPrice: Number(product.price) },
    );
};

const checkActiveLimit = async (strapi, user) => {
  const active = await strapi.documents(UID).count({ filters: { owner: { id: { $eq: user.id } }, active: true } });
  if (active >= MAX_ACTIVE_ALERTS)
    throw refuse(
      `حداکثر ${persianFigure(MAX_ACTIVE_ALERTS)} اعلان قیمت فعال می‌توانید داشته باشید؛ یکی را متوقف یا حذف کنید.`,
      { limit: MAX_ACTIVE_ALERTS },
    );
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
      if (typeof data.active !== 'boolean')
        throw new errors.ValidationError('فعال‌بودن اعلان (active) true یا false است.', { key: 'active' });
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
