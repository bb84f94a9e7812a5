'use strict';

const { OWNED } = require('../bootstrap/permissions');

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Who a read is counted against: a request carrying a valid user token (signature, expiry and a
 * live session: src/extensions/users-permissions) is its account's, wherever it comes from;
 * anything else, a bad or expired token included, is its address's. So a signed-in customer is
 * not counted as an anonymous reader of a shared (carrier NAT, office) address, and a made-up
 * token buys nothing.
 */
async function readerOf(strapi, ctx) {
  const token = BEARER.exec(ctx.get('authorization') || '');
  if (token) {
    try {
      const payload = await strapi.plugin('users-permissions').service('jwt').verify(token[1]);
      if (payload && payload.id) return { key: `account:${payload.id}`, account: payload.id };
    } catch {
      // Not a valid user token: counted as the address's.
    }
  }
  return { key: ctx.request.ip, account: null };
}

let ownedPaths = null;
/**
 * Whether a path reads the caller's own records (orders, tickets, watch list… and /users/me):
 * those are always scoped to the caller (src/utils/owner-scoped.js), so their size is the
 * customer's own, not the catalogue's.
 */
function readsOwnRecords(strapi, prefix, path) {
  ownedPaths ??= [
    // Notifications are owner-scoped too, though the customer may only read them (and mark them read).
    ...[...OWNED, 'notification'].map(
      (name) => `${prefix}/${strapi.contentType(`api::${name}.${name}`).info.pluralName}`,
    ),
    `${prefix}/users/me`,
  ];
  const lower = path.toLowerCase().replace(/\/+$/, '');
  return ownedPaths.some((p) => lower === p || lower.startsWith(`${p}/`));
}

module.exports = { readerOf, readsOwnRecords };
