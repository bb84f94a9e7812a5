'use strict';

const { ownerScopedController, refuse } = require('../../../utils/owner-scoped');

/**
 * A customer's notifications (owner-scoped). The CMS writes them (src/bootstrap/price-alerts.js);
 * the customer reads them and marks them read — any `read_at` (the CMS writes its own time) — and nothing else. The roles
 * grant no create or delete (src/bootstrap/permissions.js); these refusals say so if one ever is.
 */
module.exports = ownerScopedController('api::notification.notification', {
  allowDelete: false,
  beforeCreate() {
    throw refuse('Notifications are written by the site, not by customers');
  },
  beforeUpdate(data, { existing }) {
    const others = Object.keys(data).filter((key) => key !== 'read_at');
    if (others.length || !data.read_at) throw refuse('A notification can only be marked read: { read_at }');
    return { read_at: existing.read_at || new Date().toISOString() };
  },
});
