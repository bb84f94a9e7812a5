'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::watch-list-entry.watch-list-entry');
