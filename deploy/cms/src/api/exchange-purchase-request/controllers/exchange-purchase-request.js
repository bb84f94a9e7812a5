'use strict';

const { ownerScopedController, customerStatusChange } = require('../../../utils/owner-scoped');
const { loadOrderWorkflow } = require('../../../bootstrap/domain');

// Starts as "submitted"; a customer may only cancel it, while it is still pending (submitted or
// reviewing): data/domain/order-workflow.json, the list the panel reads too to offer the button.
const CANCELLABLE = loadOrderWorkflow().exchange_purchase_request.customer_cancellable_from;

module.exports = ownerScopedController('api::exchange-purchase-request.exchange-purchase-request', {
  beforeCreate(data) {
    return { ...data, status: 'submitted' };
  },
  beforeUpdate: customerStatusChange({ allowed: ['cancelled'], from: CANCELLABLE }),
});
