'use strict';

const { seedCatalogue } = require('./catalogue');
const { seedEditorial } = require('./editorial');
const { exchangeTradingDays, seedExchangeOffersOf } = require('./exchange-offers');
const { DEMO, demoCustomerWanted, demoCustomerExists, seedDemoCustomer } = require('./demo-customer');
const { priceHistory } = require('./price-history');
const { seedCommerce, seedShippingRoutes, seedSeller, seedSalesContact, seedCreditSetting } = require('./commerce');
const { partsInLedger, recordInLedger } = require('./ledger');

/** Whether any row (draft or published) of these collections exists. */
const anyRowIn = (uids) => async (strapi) => {
  for (const uid of uids) if ((await strapi.db.query(uid).count()) > 0) return true;
  return false;
};

/**
 * What the seed writes, part by part, in this order (the demo customer's records name catalogue
 * products). A part is written once in a database's life: a part the ledger names is skipped,
 * whatever an editor did to its content since; a part whose content is already there (a database
 * seeded before the ledger) is recorded as found and nothing is written. A new collection gets a
 * part of its own, so it is seeded once on databases that have the others; a part's name is never
 * given to other content. `isThere` tells whether the part's content is in the database already.
 */
function seedParts(env = process.env) {
  return [
    {
      name: 'catalogue',
      isThere: anyRowIn([
        'api::factory.factory',
        'api::category.category',
        'api::sub-category.sub-category',
        'api::product.product',
      ]),
      seed: seedCatalogue,
    },
    {
      name: 'editorial',
      isThere: anyRowIn([
        'api::expert.expert',
        'api::service.service',
        'api::static-page.static-page',
        'api::article.article',
      ]),
      seed: seedEditorial,
    },
    {
      name: 'commerce',
      isThere: anyRowIn(['api::commerce-setting.commerce-setting']),
      seed: seedCommerce,
    },
    // The shipping rules by city replaced the rates per province: their own part, so a database
    // seeded with the old rates gets them once, and a route an editor deleted stays deleted.
    {
      name: 'shipping-routes',
      isThere: anyRowIn(['api::shipping-city.shipping-city', 'api::shipping-route.shipping-route']),
      seed: seedShippingRoutes,
    },
    // Its own part: databases seeded before the seller existed get it once, and a seller an editor
    // deleted stays deleted.
    { name: 'seller', isThere: anyRowIn(['api::seller.seller']), seed: seedSeller },
    { name: 'sales-contact', isThere: anyRowIn(['api::sales-contact.sales-contact']), seed: seedSalesContact },
    { name: 'credit-setting', isThere: anyRowIn(['api::credit-setting.credit-setting']), seed: seedCreditSetting },
    ...exchangeTradingDays().map((day) => ({
      name: `exchange-offers/${day}`,
      isThere: async (strapi) =>
        (await strapi.db.query('api::exchange-offer.exchange-offer').count({ where: { offer_date: day } })) > 0,
      seed: (strapi) => seedExchangeOffersOf(strapi, day),
    })),
    ...(demoCustomerWanted(env)
      ? [{ name: 'demo-customer', isThere: demoCustomerExists, seed: seedDemoCustomer }]
      : []),
  ];
}

/**
 * Seeds from data/domain what this database never had (seedParts): each part and its line in the
 * ledger in one transaction, so a crash part-way leaves the part unwritten and unrecorded, and the
 * next start writes it whole. Two CMS starting at once on one database cannot both write a part:
 * the ledger's unique part name makes the second transaction fail and roll back.
 */
async function seed(strapi, env = process.env) {
  const started = Date.now();
  const log = (message) => strapi.log.info(`[seed] ${message}`);
  const done = await partsInLedger(strapi);
  const count = { seeded: 0, found: 0 };
  for (const part of seedParts(env)) {
    if (done.has(part.name)) continue;
    await strapi.db.transaction(async ({ trx }) => {
      if (await part.isThere(strapi)) {
        await recordInLedger(strapi, trx, { part: part.name, outcome: 'found', summary: null });
        log(`${part.name}: already in the database, recorded in the ledger; nothing written`);
        count.found++;
        return;
      }
      log(`${part.name}: seeding…`);
      const summary = await part.seed(strapi);
      await recordInLedger(strapi, trx, { part: part.name, outcome: 'seeded', summary });
      log(`${part.name}: ${summary}`);
      count.seeded++;
    });
  }
  log(
    `${count.seeded} parts seeded, ${count.found} found, ${done.size} in the ledger before (nothing of theirs written) in ${Date.now() - started} ms`,
  );
}

module.exports = { seed, seedParts, priceHistory, DEMO };
