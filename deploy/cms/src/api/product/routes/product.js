'use strict';

const { factories } = require('@strapi/strapi');

// Published content: read-only for the public and authenticated roles (permissions set in src/bootstrap/permissions.js);
// `update` is for editors' API tokens (full access), never granted to a role.
module.exports = factories.createCoreRouter('api::product.product', { only: ['find', 'findOne', 'update'] });
