'use strict';

const { requireLiveSession } = require('./patches/live-sessions');
const { keepRefreshTokensInCookies } = require('./patches/refresh-cookie');
const { patchMobileAccounts } = require('./patches/mobile-accounts');
const { patchSignOut } = require('./patches/sign-out');
const { patchProfile } = require('./patches/profile');
const { patchDeleteAccount } = require('./patches/delete-account');

/**
 * The users-permissions plugin as this site needs it, one patch per concern (patches/): access
 * tokens only of live sessions, refresh tokens only in httpOnly cookies, accounts with a mobile
 * number (registration, sign-in by mobile), sign-out ending the whole session family, and the
 * customer's own profile (PUT /users/me, the role on /users/me) and account (DELETE /users/me).
 */
module.exports = (plugin) => {
  requireLiveSession(plugin);
  keepRefreshTokensInCookies(plugin);
  patchMobileAccounts(plugin);
  patchSignOut(plugin);
  patchProfile(plugin);
  patchDeleteAccount(plugin);
  return plugin;
};
