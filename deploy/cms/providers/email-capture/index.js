'use strict';

const fs = require('fs');
const path = require('path');

// Appends every mail as one JSON line ({id, date, from, to, replyTo, subject, text, html}) to
// providerOptions.file (env EMAIL_CAPTURE_FILE; default <cms>/data/mails.jsonl). No network.
module.exports = {
  init(providerOptions = {}, settings = {}) {
    const file = path.resolve(
      providerOptions.file || process.env.EMAIL_CAPTURE_FILE || path.join(process.cwd(), 'data', 'mails.jsonl'),
    );
    let seq = 0;
    return {
      async send(options) {
        const { from, to, cc, bcc, replyTo, subject, text, html, ...rest } = options;
        const mail = {
          id: `${Date.now()}-${process.pid}-${++seq}`,
          date: new Date().toISOString(),
          from: from || settings.defaultFrom,
          replyTo: replyTo || settings.defaultReplyTo,
          to,
          cc,
          bcc,
          subject,
          text,
          html,
          ...(Object.keys(rest).length ? { extra: rest } : {}),
        };
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.appendFile(file, JSON.stringify(mail) + '\n', 'utf8');
      },
    };
  },
};
