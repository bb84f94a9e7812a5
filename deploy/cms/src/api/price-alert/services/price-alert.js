'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::price-alert.price-alert');
