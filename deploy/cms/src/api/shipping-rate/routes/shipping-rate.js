'use strict';

const { factories } = require('@strapi/strapi');

// Public reads only; editors change the rates in the admin.
module.exports = factories.createCoreRouter('api::shipping-rate.shipping-rate', { only: ['find', 'findOne'] });
