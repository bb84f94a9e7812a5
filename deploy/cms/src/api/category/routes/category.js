'use strict';

const { factories } = require('@strapi/strapi');

// Published content: read-only for the public and authenticated roles (permissions set in src/bootstrap/permissions.js).
module.exports = factories.createCoreRouter('api::category.category', { only: ['find', 'findOne'] });
