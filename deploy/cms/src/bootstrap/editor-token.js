'use strict';

const crypto = require('crypto');

// An editor's full-access API token with a key chosen by the environment (CMS_EDITOR_TOKEN,
// 32+ characters), for the end-to-end tests that edit content as an editor would and check the
// site shows the change. Unset (the default, and production) = no such token exists.
const NAME = 'editor (CMS_EDITOR_TOKEN)';

async function ensureEditorToken(strapi) {
  const key = process.env.CMS_EDITOR_TOKEN;
  const tokens = strapi.db.query('admin::api-token');
  const existing = await tokens.findOne({ where: { name: NAME } });
  if (!key) {
    if (existing) await strapi.service('admin::api-token').revoke(existing.id);
    return;
  }
  if (key.length < 32) throw new Error('CMS_EDITOR_TOKEN must be at least 32 characters');
  // The same hash Strapi's api-token service checks bearer keys against.
  const accessKey = crypto.createHmac('sha512', strapi.config.get('admin.apiToken.salt')).update(key).digest('hex');
  if (existing) {
    await tokens.update({ where: { id: existing.id }, data: { accessKey } });
    return;
  }
  const created = await strapi
    .service('admin::api-token')
    .create({ name: NAME, description: 'tests only', type: 'full-access', lifespan: null, kind: 'content-api' });
  await tokens.update({ where: { id: created.id }, data: { accessKey } });
}

module.exports = { ensureEditorToken };
