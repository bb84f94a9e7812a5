'use strict';

const { normaliseMobile } = require('./mobile');
const { latinDigits } = require('./digits');

/**
 * The account a sign-in attempt is aimed at, as the rate limit counts it: the e-mail in any case,
 * the username and the mobile number in any digit script all name the same account, so guesses
 * against one customer are counted once however they are spelled. An identifier that names no
 * account is counted by its normalised spelling.
 */
async function signInAccountKey(strapi, identifier) {
  const text = typeof identifier === 'string' ? identifier.trim().slice(0, 200) : '';
  if (!text) return 'none';
  const mobile = normaliseMobile(text);
  const where = mobile ? { mobile } : { $or: [{ email: text.toLowerCase() }, { username: text }] };
  const user = await strapi.db
    .query('plugin::users-permissions.user')
    .findOne({ where: { ...where, provider: 'local' }, select: ['id'] });
  return user ? `account:${user.id}` : `name:${mobile ?? latinDigits(text).toLowerCase()}`;
}

module.exports = { signInAccountKey };
