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
  // The header, the drawer, product pages and listing rows link to it.
  'api::sales-contact.sales-contact',
  // The /credit page explains it.
  'api::credit-setting.credit-setting',
];
const EVENTS = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'];
// One publish writes several rows (draft and published): changes within this window go as one call.
const BATCH_MS = 50;
// A call the app server did not take (down, restarting, busy past the time-out, 5xx) is tried again
// after these waits, with whatever changed meanwhile joined to it: otherwise its pages would stay stale
// until they expire. After the last, the change is given up with a warning.
const RETRY_AFTER_MS = [1000, 4000, 16000];

function watchContentChanges(strapi) {
  const url = process.env.CONTENT_CHANGE_URL;
  if (!url) return;
  const secret = process.env.CONTENT_CHANGE_SECRET;
  let pending = new Set();
  let timer = null;
  // How many calls in a row have failed: the next one waits RETRY_AFTER_MS[failures - 1].
  let failures = 0;

  const schedule = (delayMs) => {
    timer ??= setTimeout(flush, delayMs);
  };

  const tell = async (collections) => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(secret ? { 'x-content-change-secret': secret } : {}) },
        body: JSON.stringify({ collections }),
        signal: AbortSignal.timeout(2000),
      });
      if (response.ok) return null;
      // Any other 4xx is the call's own fault (a wrong secret): trying again cannot help.
      const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
      return { message: `${url} answered ${response.status}`, retryable };
    } catch (error) {
      return { message: `could not reach ${url}: ${error.message}`, retryable: true };
    }
  };

  async function flush() {
    const collections = [...pending];
    pending = new Set();
    timer = null;
    const problem = await tell(collections);
    if (!problem) {
      failures = 0;
      return;
    }
    const waitMs = problem.retryable ? RETRY_AFTER_MS[failures] : undefined;
    if (waitMs === undefined) {
      failures = 0;
      strapi.log.warn(
        `[content-changes] ${problem.message}; ${collections.join(', ')} not told (its pages expire on their own)`,
      );
      return;
    }
    failures += 1;
    strapi.log.warn(`[content-changes] ${problem.message}; trying again in ${waitMs} ms`);
    for (const collection of collections) pending.add(collection);
    schedule(waitMs);
  }

  const handlers = Object.fromEntries(
    EVENTS.map((name) => [
      name,
      (event) => {
        const pluralName = strapi.getModel(event.model.uid)?.info?.pluralName;
        if (!pluralName) return;
        pending.add(pluralName);
        schedule(BATCH_MS);
      },
    ]),
  );
  strapi.db.lifecycles.subscribe({ models: PAGE_CACHE_COLLECTIONS, ...handlers });
  strapi.log.info(`[content-changes] telling ${url} about changes to public content`);
}

module.exports = { watchContentChanges, PAGE_CACHE_COLLECTIONS };
