'use strict';

const { factories } = require('@strapi/strapi');

// Public read (the /credit page explains it); `update` is for editors, whose full-access API token
// needs the route (no role is given it: permissions.js).
module.exports = factories.createCoreRouter('api::credit-setting.credit-setting', { only: ['find', 'update'] });
