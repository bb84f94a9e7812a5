'use strict';

const { factories } = require('@strapi/strapi');

// Public read only; editors change the setting in the admin.
module.exports = factories.createCoreRouter('api::commerce-setting.commerce-setting', { only: ['find'] });
