'use strict';

/**
 * Drafts are never readable through the REST content API: any `status` query parameter other
 * than `published` on /api/* is replaced by `status=published` (Strapi 5 would otherwise return
 * drafts to anyone holding `find`). The admin panel uses its own /content-manager routes.
 */
module.exports = (config, { strapi }) => {
  const prefix = strapi.config.get('api.rest.prefix', '/api');
  return async (ctx, next) => {
    if (ctx.path === prefix || ctx.path.startsWith(`${prefix}/`)) {
      const query = ctx.query;
      if (query && Object.prototype.hasOwnProperty.call(query, 'status') && query.status !== 'published') {
        ctx.query = { ...query, status: 'published' };
      }
      // Strapi 4 style preview parameter: ignore it too.
      if (query && Object.prototype.hasOwnProperty.call(query, 'publicationState')) {
        const { publicationState, ...rest } = ctx.query;
        ctx.query = rest;
      }
    }
    await next();
  };
};
