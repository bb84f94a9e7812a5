'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::credit-setting.credit-setting');
