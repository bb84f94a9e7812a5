'use strict';

const { factories } = require('@strapi/strapi');

// A route is its tonnage tiers: unless the query asks otherwise, an answer holds them.
const withTiers = async (ctx, next) => {
  if (ctx.query.populate === undefined) ctx.query = { ...ctx.query, populate: ['tiers'] };
  await next();
};

// Public reads only; editors change the rates in the admin.
module.exports = factories.createCoreRouter('api::shipping-route.shipping-route', {
  only: ['find', 'findOne'],
  config: { find: { middlewares: [withTiers] }, findOne: { middlewares: [withTiers] } },
});
