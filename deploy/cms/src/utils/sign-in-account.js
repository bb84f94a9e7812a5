'use strict';

const { normaliseMobile } = require('./mobile');
const { latinDigits } = require('./digits');

const USER = 'plugin::users-permissions.user';
/** Longest identifier looked at: a longer one names no account. */
const MAX_IDENTIFIER = 200;

/**
 * An identifier as customers type it, in the one spelling the limiter and sign-in both use:
 * trimmed, Persian and Arabic-Indic digits as Latin. Case is folded where it is compared.
 */
const normaliseIdentifier = (identifier) =>
  typeof identifier === 'string' ? latinDigits(identifier.trim()).slice(0, MAX_IDENTIFIER) : '';

/**
 * The local account a sign-in identifier names, or null: the mobile number in any spelling, the
 * e-mail in any case, the username in any case (an exact username first: registration allows two
 * usernames differing only in case, and then only the exact one names an account).
 */
async function findSignInAccount(strapi, identifier) {
  const text = normaliseIdentifier(identifier);
  if (!text) return null;
  const users = strapi.db.query(USER);
  const mobile = normaliseMobile(text);
  if (mobile) return users.findOne({ where: { mobile, provider: 'local' }, select: ['id', 'username'] });
  const exact = await users.findOne({
    where: { provider: 'local', $or: [{ email: text.toLowerCase() }, { username: text }] },
    select: ['id', 'username'],
  });
  if (exact) return exact;
  const folded = await users.findMany({
    where: { provider: 'local', username: { $eqi: text } },
    select: ['id', 'username'],
    limit: 2,
  });
  return folded.length === 1 ? folded[0] : null;
}

/**
 * The account a sign-in attempt is aimed at, as the rate limits count it: the e-mail in any case,
 * the username and the mobile number in any digit script all name the same account, so guesses
 * against one customer are counted once however they are spelled. An identifier that names no
 * account is counted by its normalised spelling.
 */
async function signInAccountKey(strapi, identifier) {
  const text = normaliseIdentifier(identifier);
  if (!text) return 'none';
  const user = await findSignInAccount(strapi, text);
  return user ? `account:${user.id}` : `name:${normaliseMobile(text) ?? text.toLowerCase()}`;
}

module.exports = { signInAccountKey, findSignInAccount, normaliseIdentifier };
