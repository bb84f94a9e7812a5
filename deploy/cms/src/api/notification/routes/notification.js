'use strict';

const { factories } = require('@strapi/strapi');

// Customers' records: every action needs a signed-in user (see src/utils/owner-scoped.js).
module.exports = factories.createCoreRouter('api::notification.notification');
