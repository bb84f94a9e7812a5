'use strict';

// Read-only catalogue views computed in the CMS (one request per page, bounded answers).
// Public like the content they summarise: published products only, no identity needed.
const open = { auth: false };

module.exports = {
  routes: [
    { method: 'GET', path: '/catalogue/listing', handler: 'catalogue.listing', config: open },
    { method: 'GET', path: '/catalogue/price-table', handler: 'catalogue.priceTable', config: open },
    { method: 'GET', path: '/catalogue/overview', handler: 'catalogue.overview', config: open },
    { method: 'GET', path: '/catalogue/price-board', handler: 'catalogue.priceBoard', config: open },
    { method: 'GET', path: '/catalogue/factory-products', handler: 'catalogue.factoryProducts', config: open },
  ],
};
