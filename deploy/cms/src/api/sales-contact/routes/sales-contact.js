'use strict';

const { factories } = require('@strapi/strapi');

// Public read (the site's pages link to it); `update` is for editors, whose full-access API token
// needs the route (no role is given it: permissions.js).
module.exports = factories.createCoreRouter('api::sales-contact.sales-contact', { only: ['find', 'update'] });
