'use strict';

const { factories } = require('@strapi/strapi');

// Unless the query asks otherwise, an answer holds the lines too (an inquiry is its lines), and a
// list is newest first.
const withLines = async (ctx, next) => {
  if (ctx.query.populate === undefined) ctx.query = { ...ctx.query, populate: ['lines'] };
  await next();
};
const newestFirst = async (ctx, next) => {
  if (ctx.query.sort === undefined) ctx.query = { ...ctx.query, sort: ['createdAt:desc'] };
  await next();
};

// Customers' records: every action needs a signed-in user (see src/utils/owner-scoped.js); an API
// token reads every inquiry (controllers/inquiry.js).
module.exports = factories.createCoreRouter('api::inquiry.inquiry', {
  config: {
    find: { middlewares: [withLines, newestFirst] },
    findOne: { middlewares: [withLines] },
    create: { middlewares: [withLines] },
    update: { middlewares: [withLines] },
  },
});
