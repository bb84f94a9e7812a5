'use strict';

const { errors } = require('@strapi/utils');

const MAX_QUERY_LENGTH = 100;
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;

/** GET /api/search?q=&limit= — grouped matches of published content (service: services/search.js). */
module.exports = {
  async find(ctx) {
    const { q = '', limit } = ctx.query;
    if (typeof q !== 'string') throw new errors.ValidationError('q must be one string');
    if (q.length > MAX_QUERY_LENGTH)
      throw new errors.ValidationError(`q may have at most ${MAX_QUERY_LENGTH} characters`, {
        limit: 'query-length',
        max: MAX_QUERY_LENGTH,
      });
    const perGroup = limit === undefined ? DEFAULT_LIMIT : Number(limit);
    if (!Number.isInteger(perGroup) || perGroup < 1 || perGroup > MAX_LIMIT) {
      throw new errors.ValidationError(`limit must be a whole number from 1 to ${MAX_LIMIT}`, {
        limit: 'search-limit',
        max: MAX_LIMIT,
      });
    }
    ctx.body = { data: await strapi.service('api::search.search').search(q, { limit: perGroup }) };
  },
};
