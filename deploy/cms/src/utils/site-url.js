'use strict';

/**
 * The site's public address (`SITE_URL`, the same setting the app server reads; `npm start` and the
 * production arrangement pass it to both), without a trailing slash: every link the CMS writes into
 * a mail — a password reset, a price alert — points there. Unset, the site `npm start` serves on
 * `SITE_PORT` (8080).
 */
function siteUrl(env = process.env) {
  return (env.SITE_URL || `http://localhost:${env.SITE_PORT || 8080}`).replace(/\/+$/, '');
}

module.exports = { siteUrl };
