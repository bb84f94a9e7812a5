'use strict';

const { errors } = require('@strapi/utils');
const { ownerScopedController, customerStatusChange, isPlainObject, refuse } = require('../../../utils/owner-scoped');
const { limitAccountCreation } = require('../../../utils/account-creation-limit');

/** A message a customer writes: non-empty text of at most 5000 characters (stored as text, shown as text). */
const messageText = (body) => {
  if (typeof body !== 'string' || !body.trim() || body.length > 5000) {
    throw new errors.ValidationError('body must be a non-empty text of at most 5000 characters', { key: 'body' });
  }
  return body;
};

const customerMessages = (messages, user) => {
  if (messages === undefined) return [];
  if (!Array.isArray(messages)) throw new errors.ValidationError('messages must be an array');
  return messages.map((m) => ({
    body: messageText(m && m.body),
    author: 'customer',
    author_name: user.username,
    sent_at: new Date().toISOString(),
  }));
};

// A ticket is opened with a subject and a first message; the thread grows with
// POST /api/tickets/:id/messages {data:{body}}. A customer may close a ticket, nothing else.
module.exports = ownerScopedController('api::ticket.ticket', {
  allowDelete: false,
  updatePopulate: ['messages'],
  beforeCreate(data, { user }) {
    const messages = customerMessages(data.messages, user);
    if (messages.length === 0) throw new errors.ValidationError('A ticket needs a first message');
    const number = `T-${Date.now().toString(36).toUpperCase()}`;
    return { ...data, messages, number, status: 'open' };
  },
  beforeUpdate(data, ctx) {
    const allowedKeys = ['status'];
    const extra = Object.keys(data).filter((k) => !allowedKeys.includes(k));
    if (extra.length)
      throw refuse(
        `A customer may only close a ticket (not change: ${extra.join(', ')}); add messages with POST /api/tickets/:id/messages`,
      );
    return customerStatusChange({ allowed: ['closed'] })(data, ctx);
  },
  extend: ({ strapi, helpers }) => ({
    async addMessage(ctx) {
      const user = helpers.requireUser(ctx);
      await limitAccountCreation(ctx, 'ticket-message', user);
      const body = ctx.request.body;
      if (!isPlainObject(body) || !isPlainObject(body.data))
        throw new errors.ValidationError('Missing "data" payload in the request body');
      const extra = Object.keys(body.data).filter((k) => k !== 'body');
      if (extra.length) throw new errors.ValidationError(`Invalid key(s): ${extra.join(', ')}`);
      const text = messageText(body.data.body);
      const existing = await helpers.findOwned(ctx.params.id, user, { populate: ['messages'] });
      if (!existing) throw new errors.NotFoundError('Not Found');
      if (existing.status === 'closed') throw refuse('This ticket is closed');
      const messages = (existing.messages || []).map(({ id, ...m }) => m);
      messages.push({ body: text, author: 'customer', author_name: user.username, sent_at: new Date().toISOString() });
      const entity = await strapi.documents('api::ticket.ticket').update({
        documentId: existing.documentId,
        data: { messages, status: 'awaiting_reply' },
        populate: ['messages'],
      });
      const sanitized = await this.sanitizeOutput(entity, ctx);
      return this.transformResponse(sanitized);
    },
  }),
});
