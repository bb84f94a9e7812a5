'use strict';

const { createHash, timingSafeEqual } = require('crypto');

/** The header the app server's own calls carry (SITE_READ_SECRET): every one of them comes from its one address. */
const SITE_READ_HEADER = 'x-site-read';

const digest = (value) => createHash('sha256').update(String(value)).digest();

/**
 * Whether a request is the app server's own (its renders' reads, its deploy gate's throwaway
 * customer): it carries the shared secret, compared in constant time. Always false without one.
 */
function siteCallCheck(secret) {
  const expected = secret ? digest(secret) : null;
  return (ctx) => {
    const sent = ctx.get(SITE_READ_HEADER);
    return Boolean(expected && sent && timingSafeEqual(digest(sent), expected));
  };
}

module.exports = { siteCallCheck, SITE_READ_HEADER };
