/**
 * `./slots`: the inquiry app's contributions to other apps' pages, each slot's part a chunk of its
 * own named by `slotChunkName`, by which the build weighs each slot's cost: this module itself is
 * only the list (docs/architecture.md, "Extension slots").
 */
import { lazyContribution, slotModule } from '@steel/shared/slots';

export default slotModule(
  {
    'product.actions': lazyContribution(
      () => import(/* webpackChunkName: "slot-product-actions" */ './app/slot-parts/product-actions'),
    ),
    'listing.row': lazyContribution(
      () => import(/* webpackChunkName: "slot-listing-row" */ './app/slot-parts/listing-row'),
    ),
    'panel.dashboard': lazyContribution(
      () => import(/* webpackChunkName: "slot-panel-dashboard" */ './app/slot-parts/panel-dashboard'),
    ),
    'header.counter': lazyContribution(
      () => import(/* webpackChunkName: "slot-header-counter" */ './app/slot-parts/header-counter'),
    ),
  },
  { css: () => import(/* webpackChunkName: "styles" */ './app/styles.css') },
);
