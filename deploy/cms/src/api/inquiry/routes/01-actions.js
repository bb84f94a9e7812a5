'use strict';

module.exports = {
  routes: [
    // The buyer's: accept a quote (it becomes an order) or cancel.
    { method: 'POST', path: '/inquiries/:id/accept', handler: 'api::inquiry.inquiry.accept' },
    { method: 'POST', path: '/inquiries/:id/cancel', handler: 'api::inquiry.inquiry.cancel' },
    // The operator's (an API token; no role is granted it): price the lines.
    { method: 'PUT', path: '/inquiries/:id/quote', handler: 'api::inquiry.inquiry.quote' },
  ],
};
