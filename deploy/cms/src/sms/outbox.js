'use strict';

const fs = require('fs');
const path = require('path');

/**
 * The development and test SMS channel: every message is appended as one JSON line
 * ({id, date, to, text}) to SMS_OUTBOX_FILE (default <cms>/data/sms.jsonl), as the e-mail capture
 * provider does with mails. It stands for the customer's phone: a test or a developer reads a
 * sign-in code there. Nothing goes over the network.
 */
function createOutboxSender({ file }) {
  const target = path.resolve(file);
  let seq = 0;
  return {
    name: 'outbox',
    async send({ to, text }) {
      const message = { id: `${Date.now()}-${process.pid}-${++seq}`, date: new Date().toISOString(), to, text };
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.appendFile(target, JSON.stringify(message) + '\n', 'utf8');
    },
  };
}

module.exports = { createOutboxSender };
