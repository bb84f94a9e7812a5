'use strict';

const { errors } = require('@strapi/utils');
const { ownerScopedController } = require('../../../utils/owner-scoped');

// One entry per product per customer. `added_price` is the product's price when it was added, set
// by the server (never by the customer), so the panel can show the change since then.
module.exports = ownerScopedController('api::watch-list-entry.watch-list-entry', {
  async beforeCreate(data, { user, strapi }) {
    if (!data.product) throw new errors.ValidationError('product is required');
    const ref = data.product;
    const filter =
      typeof ref === 'number' || /^\d+$/.test(String(ref))
        ? { id: { $eq: Number(ref) } }
        : typeof ref === 'string'
          ? { documentId: { $eq: ref } }
          : null;
    if (!filter) throw new errors.ValidationError('product must be a product documentId');
    const product = await strapi
      .documents('api::product.product')
      .findFirst({ filters: filter, fields: ['id', 'documentId', 'price'], status: 'published' });
    if (!product) throw new errors.ValidationError('Unknown product');
    const existing = await strapi.documents('api::watch-list-entry.watch-list-entry').findFirst({
      filters: { owner: { id: { $eq: user.id } }, product: { documentId: { $eq: product.documentId } } },
      fields: ['id'],
    });
    if (existing) throw new errors.ValidationError('This product is already on your watch list');
    return { ...data, product: product.documentId, added_price: product.price ?? null };
  },
  beforeUpdate(data) {
    delete data.added_price;
    if (data.product !== undefined)
      throw new errors.ValidationError(
        'The product of a watch-list entry cannot be changed; add the other product instead',
      );
    return data;
  },
});
