'use strict';

const { factories } = require('@strapi/strapi');

// Public reads only; editors change the cities in the admin.
module.exports = factories.createCoreRouter('api::shipping-city.shipping-city', { only: ['find', 'findOne'] });
