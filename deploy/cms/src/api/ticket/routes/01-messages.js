'use strict';

module.exports = {
  routes: [
    {
      method: 'POST',
      path: '/tickets/:id/messages',
      handler: 'api::ticket.ticket.addMessage',
      config: { policies: [] },
    },
  ],
};
