'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::credit-request.credit-request');
