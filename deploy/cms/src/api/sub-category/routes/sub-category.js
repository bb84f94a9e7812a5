'use strict';

const { factories } = require('@strapi/strapi');

// Published content: read-only for the public and authenticated roles (permissions set in src/bootstrap/permissions.js);
// `create` and `delete` are for editors' API tokens (full access), never granted to a role: an editor adds a
// sub-category beside the catalogue's deploy that brings it (e2e/new-subcategory.spec.ts).
module.exports = factories.createCoreRouter('api::sub-category.sub-category', {
  only: ['find', 'findOne', 'create', 'delete'],
});
