'use strict';

const { seedCatalogue } = require('./catalogue');
const { seedEditorial } = require('./editorial');
const { seedExchangeOffers } = require('./exchange-offers');
const { seedDemoCustomer, DEMO } = require('./demo-customer');
const { priceHistory } = require('./price-history');
const { seedCommerce } = require('./commerce');

/**
 * Seeds a database from data/domain at every start, idempotently (each seeder skips what exists),
 * in one transaction: the catalogue, the editorial content, the exchange offers of the last 30
 * days, the shipping rates and commerce setting, and the demo customer.
 */
async function seed(strapi) {
  const started = Date.now();
  const log = (m) => strapi.log.info(`[seed] ${m}`);
  const run = async () => {
    const { productIds } = await seedCatalogue(strapi, log);
    await seedEditorial(strapi, log);
    await seedExchangeOffers(strapi, log);
    await seedCommerce(strapi, log);
    await seedDemoCustomer(strapi, log, productIds);
  };
  await strapi.db.transaction(run);
  log(`done in ${Date.now() - started} ms`);
}

module.exports = { seed, priceHistory, DEMO };
