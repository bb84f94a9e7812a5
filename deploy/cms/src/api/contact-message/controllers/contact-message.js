'use strict';

const { ownerScopedController } = require('../../../utils/owner-scoped');
const { checkContactMessage } = require('../../../utils/form-rules');

// The contact form and the export inquiry (kind `export`): anyone may create (owner = the signed-in user, if any); only the
// signed-in author may read their messages; nobody may change or delete them through the API.
module.exports = ownerScopedController('api::contact-message.contact-message', {
  allowAnonymousCreate: true,
  allowDelete: false,
  beforeCreate(data) {
    return { ...checkContactMessage(data), status: 'new' };
  },
  beforeUpdate() {
    const { errors } = require('@strapi/utils');
    throw new errors.ForbiddenError('Contact messages cannot be changed');
  },
});
