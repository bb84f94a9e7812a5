'use strict';

const { USER } = require('./accounts');
const { addAction } = require('./plugin-actions');

/**
 * What belongs to the customer alone, by the `owner` relation of each owner-scoped type
 * (src/utils/owner-scoped.js), and goes with the account. A contact message is not among them: it
 * is a message to the staff, who may still answer it; it loses its owner with the account.
 */
const OWN_RECORDS = {
  orders: 'api::order.order',
  tickets: 'api::ticket.ticket',
  'watch-list-entries': 'api::watch-list-entry.watch-list-entry',
  'warehouse-reservations': 'api::warehouse-reservation.warehouse-reservation',
  'exchange-purchase-requests': 'api::exchange-purchase-request.exchange-purchase-request',
  'price-alerts': 'api::price-alert.price-alert',
  notifications: 'api::notification.notification',
  inquiries: 'api::inquiry.inquiry',
  'inquiry-baskets': 'api::inquiry-basket.inquiry-basket',
  'credit-requests': 'api::credit-request.credit-request',
};

/** Removes every record of `uid` the user owns (through the document service: components go too); how many. */
async function removeOwned(strapi, uid, userId) {
  const documents = strapi.documents(uid);
  let removed = 0;
  for (;;) {
    const batch = await documents.findMany({
      filters: { owner: { id: { $eq: userId } } },
      fields: ['documentId'],
      limit: 100,
    });
    if (batch.length === 0) return removed;
    for (const { documentId } of batch) await documents.delete({ documentId });
    removed += batch.length;
  }
}

/**
 * DELETE /users/me: the signed-in customer deletes their own account — first every session (its
 * access tokens stop at once, src/extensions live-sessions), then their orders, tickets, watch
 * list, reservations, bourse purchase requests, price alerts and notifications, inquiries and the
 * inquiry basket, credit requests, then the account. Answers what was removed.
 */
async function deleteMe(ctx, strapi) {
  const me = ctx.state.user;
  if (!me) return ctx.unauthorized();
  await strapi.sessionManager('users-permissions').invalidateRefreshToken(String(me.id));
  const removed = {};
  for (const [name, uid] of Object.entries(OWN_RECORDS)) removed[name] = await removeOwned(strapi, uid, me.id);
  await strapi.db.query(USER).delete({ where: { id: me.id } });
  ctx.body = { ok: true, removed };
}

function patchDeleteAccount(plugin) {
  addAction(plugin, 'user', 'deleteMe', deleteMe);
  // Before `DELETE /users/:id`, which would otherwise take `/users/me` as an id.
  const contentApi = plugin.routes['content-api'];
  contentApi.routes = [
    { method: 'DELETE', path: '/users/me', handler: 'user.deleteMe', config: { prefix: '' } },
    ...contentApi.routes,
  ];
}

module.exports = { patchDeleteAccount, OWN_RECORDS };
