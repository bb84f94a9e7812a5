'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::exchange-purchase-request.exchange-purchase-request');
