'use strict';

const { ownerScopedController, customerStatusChange } = require('../../../utils/owner-scoped');
const { checkWarehouseReservation } = require('../../../utils/form-rules');

// The /reserve_warehouse form's rules (utils/form-rules.js); starts as "submitted"; a customer may only
// cancel it (while submitted or reviewing).
module.exports = ownerScopedController('api::warehouse-reservation.warehouse-reservation', {
  beforeCreate(data) {
    return { ...checkWarehouseReservation(data), status: 'submitted' };
  },
  beforeUpdate: customerStatusChange({ allowed: ['cancelled'], from: ['submitted', 'reviewing'] }),
});
