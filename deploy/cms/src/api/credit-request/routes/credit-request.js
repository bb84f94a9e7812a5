'use strict';

const { factories } = require('@strapi/strapi');

// Customers' records: every action needs a signed-in user (see src/utils/owner-scoped.js); an API
// token reads every request (controllers/credit-request.js).
module.exports = factories.createCoreRouter('api::credit-request.credit-request');
