'use strict';

const { errors } = require('@strapi/utils');
const { ownerScopedController } = require('../../../utils/owner-scoped');

// One entry per product per customer.
module.exports = ownerScopedController('api::watch-list-entry.watch-list-entry', {
  async beforeCreate(data, { user, strapi }) {
    if (!data.product) throw new errors.ValidationError('product is required');
    const ref = data.product;
    const filter = typeof ref === 'number' || /^\d+$/.test(String(ref)) ? { id: { $eq: Number(ref) } }
      : typeof ref === 'string' ? { documentId: { $eq: ref } } : null;
    if (!filter) throw new errors.ValidationError('product must be a product documentId');
    const product = await strapi.documents('api::product.product').findFirst({ filters: filter, fields: ['id', 'documentId'], status: 'published' });
    if (!product) throw new errors.ValidationError('Unknown product');
    const existing = await strapi.documents('api::watch-list-entry.watch-list-entry').findFirst({
      filters: { owner: { id: { $eq: user.id } }, product: { documentId: { $eq: product.documentId } } }, fields: ['id'],
    });
    if (existing) throw new errors.ValidationError('This product is already on your watch list');
    return { ...data, product: product.documentId };
  },
});
