'use strict';

const { errors } = require('@strapi/utils');

const hasNul = (value, depth = 0) => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 30 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.keys(value).some((k) => k.includes('\u0000') || hasNul(value[k], depth + 1));
};

/**
 * NUL characters are refused with 400 on /api (PostgreSQL cannot store them in text and would
 * answer 500; SQLite would store them silently).
 */
module.exports = (config, { strapi }) => {
  const prefix = strapi.config.get('api.rest.prefix', '/api');
  return async (ctx, next) => {
    if (ctx.path === prefix || ctx.path.startsWith(`${prefix}/`)) {
      let decodedPath = ctx.path;
      try {
        decodedPath = decodeURIComponent(ctx.path);
      } catch {
        throw new errors.ValidationError('Malformed URL');
      }
      if (
        decodedPath.includes('\u0000') ||
        /%00/i.test(ctx.querystring) ||
        hasNul(ctx.query) ||
        hasNul(ctx.request.body)
      ) {
        throw new errors.ValidationError('NUL characters are not allowed');
      }
    }
    await next();
  };
};
