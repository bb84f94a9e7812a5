'use strict';

const fs = require('fs');
const path = require('path');
const { setPermissions } = require('./bootstrap/permissions');
const { seed } = require('./bootstrap/seed');
const { configureSocial } = require('./bootstrap/social');
const { configureAuth } = require('./bootstrap/auth-settings');

module.exports = {
  register({ strapi }) {
    // public/uploads must exist for the local upload provider and the generated seed images.
    fs.mkdirSync(path.join(strapi.dirs.static.public, 'uploads'), { recursive: true });
  },

  async bootstrap({ strapi }) {
    await setPermissions(strapi);
    await configureAuth(strapi);
    await configureSocial(strapi);
    if (process.env.SEED !== 'off') await seed(strapi);
  },
};
