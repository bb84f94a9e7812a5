'use strict';

const { errors } = require('@strapi/utils');

/**
 * Error answers never echo what was sent (measured before: a contact form over its 5000-character limit
 * answered with the whole 100 KB message). Strapi's validation puts the submitted value into
 * `details.errors[].value` / `details.value`, and yup's type errors into the message itself
 * ("…but the final value was: `…`"); both are dropped here, messages are cut to 300 characters.
 */
const ECHO_IN_MESSAGE = /,? *(but the final value was|received)\b[\s\S]*$/i;

const withoutValues = (details, depth = 0) => {
  if (depth > 5 || details === null || typeof details !== 'object') return details;
  if (Array.isArray(details)) return details.map((d) => withoutValues(d, depth + 1));
  const out = {};
  for (const [key, value] of Object.entries(details)) {
    if (key === 'value') continue;
    out[key] = key === 'message' && typeof value === 'string' ? cleanMessage(value) : withoutValues(value, depth + 1);
  }
  return out;
};

function cleanMessage(message) {
  const cut = message.replace(ECHO_IN_MESSAGE, '').trim();
  return cut.length > 300 ? `${cut.slice(0, 300)}…` : cut;
}

module.exports = (config, { strapi }) => {
  const prefix = strapi.config.get('api.rest.prefix', '/api');
  return async (ctx, next) => {
    if (!(ctx.path === prefix || ctx.path.startsWith(`${prefix}/`))) return next();
    try {
      await next();
    } catch (error) {
      if (error instanceof errors.ApplicationError || (error && (error.status || error.statusCode) < 500)) {
        if (typeof error.message === 'string') error.message = cleanMessage(error.message);
        if (error.details) error.details = withoutValues(error.details);
      }
      throw error;
    }
    const body = ctx.body;
    if (ctx.status >= 400 && body && typeof body === 'object' && body.error && typeof body.error === 'object') {
      if (typeof body.error.message === 'string') body.error.message = cleanMessage(body.error.message);
      if (body.error.details) body.error.details = withoutValues(body.error.details);
    }
    return undefined;
  };
};
