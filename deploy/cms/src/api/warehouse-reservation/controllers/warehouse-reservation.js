'use strict';

const { ownerScopedController, customerStatusChange } = require('../../../utils/owner-scoped');

// Starts as "submitted"; a customer may only cancel it (while submitted or reviewing).
module.exports = ownerScopedController('api::warehouse-reservation.warehouse-reservation', {
  beforeCreate(data) {
    return { ...data, status: 'submitted' };
  },
  beforeUpdate: customerStatusChange({ allowed: ['cancelled'], from: ['submitted', 'reviewing'] }),
});
