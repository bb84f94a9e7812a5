'use strict';

/**
 * The site's own rules for numbers, required from the kit as they are (plain CommonJS there), so
 * the CMS refuses exactly what a browser refuses: the one reader of a typed number, the fields'
 * rules, an inquiry's limits, the sale units' weights, a quote's totals, the shipping rule and a day's price change. The CMS runs from the repository (its
 * data comes from <repo>/data/domain the same way), so the kit is beside it.
 */
const path = require('path');

const KIT = path.resolve(__dirname, '..', '..', '..', '..', 'mf-shared', 'src');

module.exports = {
  ...require(path.join(KIT, 'numbers', 'typed-number.cjs')),
  ...require(path.join(KIT, 'numbers', 'field-rules.cjs')),
  ...require(path.join(KIT, 'price', 'quantity-limits.cjs')),
  ...require(path.join(KIT, 'price', 'sale-unit-weight.cjs')),
  ...require(path.join(KIT, 'price', 'quote-totals.cjs')),
  ...require(path.join(KIT, 'price', 'shipping-price.cjs')),
  ...require(path.join(KIT, 'price', 'daily-change.cjs')),
};
