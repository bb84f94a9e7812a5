'use strict';

// Tells the app server which public collections changed, so its cache of server-rendered pages
// drops the pages that read them and the next request shows the change (docs/architecture.md, "How a page reaches the screen").
// CONTENT_CHANGE_URL: the app server's endpoint (e.g. http://127.0.0.1:8080/_/content-changed);
// unset = nobody to tell. CONTENT_CHANGE_SECRET, when set, goes along in a header.

// The collections the site's server-rendered pages read: a change to one turns the app server's
// cached pages that read it stale. (Not the list everyone may read: permissions.js, PUBLICLY_READABLE.)
const PAGE_CACHE_COLLECTIONS = [
  'api::category.category',
  'api::sub-category.sub-category',
  'api::product.product',
  'api::factory.factory',
  'api::expert.expert',
  'api::service.service',
  'api::static-page.static-page',
  'api::article.article',
  'api::exchange-offer.exchange-offer',
];
const EVENTS = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'];
// One publish writes several rows (draft and published): changes within this window go as one call.
const BATCH_MS = 50;

function watchContentChanges(strapi) {
  const url = process.env.CONTENT_CHANGE_URL;
  if (!url) return;
  const secret = process.env.CONTENT_CHANGE_SECRET;
  let pending = new Set();
  let timer = null;

  const flush = async () => {
    const collections = [...pending];
    pending = new Set();
    timer = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(secret ? { 'x-content-change-secret': secret } : {}) },
        body: JSON.stringify({ collections }),
        signal: AbortSignal.timeout(2000),
      });
      if (!response.ok) strapi.log.warn(`[content-changes] ${url} answered ${response.status}`);
    } catch (error) {
      // The app server may be down or not started yet; its cache then starts empty anyway.
      strapi.log.warn(`[content-changes] could not reach ${url}: ${error.message}`);
    }
  };

  const handlers = Object.fromEntries(
    EVENTS.map((name) => [
      name,
      (event) => {
        const pluralName = strapi.getModel(event.model.uid)?.info?.pluralName;
        if (!pluralName) return;
        pending.add(pluralName);
        timer ??= setTimeout(flush, BATCH_MS);
      },
    ]),
  );
  strapi.db.lifecycles.subscribe({ models: PAGE_CACHE_COLLECTIONS, ...handlers });
  strapi.log.info(`[content-changes] telling ${url} about changes to public content`);
}

module.exports = { watchContentChanges, PAGE_CACHE_COLLECTIONS };
