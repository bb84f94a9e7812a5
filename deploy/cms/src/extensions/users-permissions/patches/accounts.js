'use strict';

const { errors } = require('@strapi/utils');
const { MOBILE, normaliseMobile, isMobile } = require('../../../utils/mobile');

const USER = 'plugin::users-permissions.user';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What a customer may change of their own account through PUT /users/me (the password has its own route). */
const PROFILE_FIELDS = ['username', 'email', 'mobile'];

const users = (strapi) => strapi.db.query(USER);

/** The account other than `exceptId` that already uses this (normalised) mobile, if any. */
const mobileTakenBy = async (strapi, mobile, exceptId) => {
  const found = await users(strapi).findOne({ where: { mobile }, select: ['id'] });
  return found && found.id !== exceptId ? found : null;
};

/** Checks and normalises `mobile` in a body in place; throws the 400s the panel shows in Persian. */
async function checkMobile(strapi, body, exceptId) {
  if (body.mobile === undefined || body.mobile === null || body.mobile === '') return;
  const mobile = normaliseMobile(body.mobile);
  if (!MOBILE.test(mobile)) throw new errors.ValidationError('mobile must look like 09xxxxxxxxx', { key: 'mobile' });
  if (await mobileTakenBy(strapi, mobile, exceptId)) {
    throw new errors.ValidationError('This mobile number is already used by another account', { key: 'mobile' });
  }
  body.mobile = mobile;
}

/** A username that reads as a mobile number would make sign-in by mobile ambiguous. */
function checkUsername(body) {
  if (typeof body.username === 'string' && isMobile(body.username)) {
    throw new errors.ValidationError('A username may not be a mobile number', { key: 'username' });
  }
}

/**
 * The domain of the placeholder e-mail an account made by an SMS code gets
 * (src/api/sign-in-code/services/sign-in-code.js): reserved (RFC 2606, never delivered) and refused
 * here, so no customer can take the address a new number's account will need.
 */
const PLACEHOLDER_EMAIL_DOMAIN = 'sms.invalid';

function checkEmailDomain(email) {
  if (typeof email === 'string' && email.trim().toLowerCase().endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`)) {
    throw new errors.ValidationError('email must be a valid e-mail address', { key: 'email' });
  }
}

module.exports = {
  PLACEHOLDER_EMAIL_DOMAIN,
  checkEmailDomain,
  USER,
  EMAIL,
  PROFILE_FIELDS,
  users,
  mobileTakenBy,
  checkMobile,
  checkUsername,
  MOBILE,
  normaliseMobile,
  isMobile,
};
