'use strict';

// Public like the content it reads (permission api::search.search.find for the public and
// authenticated roles, src/bootstrap/permissions.js).
module.exports = {
  routes: [{ method: 'GET', path: '/search', handler: 'search.find', config: { policies: [] } }],
};
