'use strict';

const fs = require('fs');
const path = require('path');
const { setPermissions } = require('./bootstrap/permissions');
const { seed } = require('./bootstrap/seed');
const { demoCustomerWanted, blockPublishedDemoCustomer } = require('./bootstrap/seed/demo-customer');
const { configureSocial } = require('./bootstrap/social');
const { configureAuth } = require('./bootstrap/auth-settings');
const { watchContentChanges } = require('./bootstrap/content-changes');
const { watchPriceAlerts } = require('./bootstrap/price-alerts');
const { ensureEditorToken } = require('./bootstrap/editor-token');
const { keepSearchTextFresh, refreshSearchTexts } = require('./bootstrap/search-text');
const { closeRateLimitStore } = require('./utils/rate-limit-store');
const { refuseDevelopmentSecrets, secretsInUse } = require('./utils/production-secrets');
const { createSmsSender } = require('./sms');

module.exports = {
  register({ strapi }) {
    // First, before the database is opened: a production CMS never runs on the repository's
    // secrets, whatever started it (scripts/start.js, `npx strapi start`, a supervisor).
    refuseDevelopmentSecrets(process.env, secretsInUse(strapi.config));
    // The SMS channel (SMS_PROVIDER and its settings): a wrong setting stops the start, not a sign-in.
    createSmsSender(process.env);
    // public/uploads must exist for the local upload provider and the generated seed images.
    fs.mkdirSync(path.join(strapi.dirs.static.public, 'uploads'), { recursive: true });
  },

  async bootstrap({ strapi }) {
    await setPermissions(strapi);
    await configureAuth(strapi);
    await configureSocial(strapi);
    await ensureEditorToken(strapi);
    // Before the seed, so the rows it writes get their search text like any other write.
    keepSearchTextFresh(strapi);
    // What this database never had, once (src/bootstrap/seed: the ledger).
    if (process.env.SEED !== 'off') await seed(strapi);
    if (process.env.NODE_ENV === 'production' && !demoCustomerWanted()) await blockPublishedDemoCustomer(strapi);
    await refreshSearchTexts(strapi);
    // After the seed: its thousands of writes are no news to anyone.
    watchContentChanges(strapi);
    watchPriceAlerts(strapi);
  },

  async destroy() {
    // The rate limits' Redis connection (REDIS_URL), if one was opened.
    await closeRateLimitStore();
  },
};
