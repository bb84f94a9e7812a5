'use strict';

const { factories } = require('@strapi/strapi');

// Public read only (a pro-forma shows it); editors change the seller's details in the admin.
module.exports = factories.createCoreRouter('api::seller.seller', { only: ['find'] });
