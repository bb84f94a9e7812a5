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

module.exports = {
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
