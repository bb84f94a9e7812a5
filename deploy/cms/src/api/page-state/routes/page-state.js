'use strict';

// What the app server asks before it renders a page with a query (docs/architecture.md, "The
// page-data pattern"): which values the page's filters may take and how many items a state lists.
// Public like the content they summarise: published entries only, no identity needed.
const open = { auth: false };

module.exports = {
  routes: [
    { method: 'GET', path: '/page-state/listing', handler: 'page-state.listing', config: open },
    { method: 'GET', path: '/page-state/articles', handler: 'page-state.articles', config: open },
    { method: 'GET', path: '/page-state/factories', handler: 'page-state.factories', config: open },
    { method: 'GET', path: '/page-state/exchange-offers', handler: 'page-state.exchangeOffers', config: open },
  ],
};
