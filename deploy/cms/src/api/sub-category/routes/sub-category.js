'use strict';

const { factories } = require('@strapi/strapi');

// Published content: read-only for the public and authenticated roles (permissions set in src/bootstrap/permissions.js).
module.exports = factories.createCoreRouter('api::sub-category.sub-category', { only: ['find', 'findOne'] });
