'use strict';

module.exports = {
  routes: [
    // The operator's (an API token; no role is granted it): review a request.
    { method: 'PUT', path: '/credit-requests/:id/review', handler: 'api::credit-request.credit-request.review' },
  ],
};
