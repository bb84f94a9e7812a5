'use strict';

const { errors } = require('@strapi/utils');
const { ownerScopedController } = require('../../../utils/owner-scoped');

// One entry per product per customer.
module.exports = ownerScopedController('api::watch-list-entry.watch-list-entry', {
  async beforeCreate(data, { user, strapi }) {
    if (!data.product) throw new errors.ValidationError('product is required');
    const product = await strapi.documents('api::product.product').findFirst({
      filters: { id: { $eq: typeof data.product === 'object' ? data.product.id : data.product } }, fields: ['id'],
    });
    const existing = product && await strapi.documents('api::watch-list-entry.watch-list-entry').findFirst({
      filters: { owner: { id: { $eq: user.id } }, product: { id: { $eq: product.id } } }, fields: ['id'],
    });
    if (existing) throw new errors.ValidationError('This product is already on your watch list');
    return data;
  },
});
