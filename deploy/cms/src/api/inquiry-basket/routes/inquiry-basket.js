'use strict';

// Only the caller's own basket; no core routes (src/api/inquiry-basket/controllers).
module.exports = {
  routes: [
    { method: 'GET', path: '/inquiry-basket/mine', handler: 'api::inquiry-basket.inquiry-basket.findMine' },
    { method: 'PUT', path: '/inquiry-basket/mine', handler: 'api::inquiry-basket.inquiry-basket.replaceMine' },
  ],
};
