'use strict';

const crypto = require('node:crypto');

const { checkMobile, checkUsername, checkEmailDomain } = require('./accounts');
const { findSignInAccount, normaliseIdentifier } = require('../../../utils/sign-in-account');
const { wrapAction } = require('./plugin-actions');
const { refreshTokenToCookie } = require('./refresh-cookie');

/**
 * Adds `mobile` (Iranian mobile number, 09xxxxxxxxx, one account per number) to the
 * users-permissions user: accepted at registration (config/plugins.js register.allowedFields),
 * checked with the username there, and usable as the identifier of POST /auth/local.
 */
function patchMobileAccounts(plugin) {
  plugin.contentTypes.user.schema.attributes.mobile = {
    type: 'string',
    maxLength: 11,
    regex: '^09\\d{9}$',
    configurable: false,
  };

  wrapAction(plugin, 'auth', 'register', (original, strapi) => async (ctx, ...rest) => {
    const body = ctx.request.body || {};
    checkUsername(body);
    checkEmailDomain(body.email);
    await checkMobile(strapi || global.strapi, body);
    // The plugin answers a new account's refresh token in the body, not the cookie: without this a
    // new customer was signed out when the first access token expired.
    const result = await original(ctx, ...rest);
    refreshTokenToCookie(ctx, strapi || global.strapi);
    return result;
  });

  // Sign-in by mobile, and by any spelling the rate limit counts as the same account: POST
  // /auth/local with the identifier trimmed, in any digit script, the e-mail or username in any
  // case (src/utils/sign-in-account.js). It is resolved to its account's username before the
  // plugin's own checks run, so the route, its rate limit and its error answers stay the plugin's.
  wrapAction(plugin, 'auth', 'callback', (original, strapi) => async (ctx, ...rest) => {
    const provider = ctx.params && ctx.params.provider;
    const body = ctx.request.body;
    // A social sign-in's session would have no deviceId at all (the provider's redirect carries
    // none): give it one, so signing out can end the session with all its rotations.
    if (provider && provider !== 'local') ctx.request.body = { ...(body || {}), deviceId: crypto.randomUUID() };
    if ((!provider || provider === 'local') && body && typeof body.identifier === 'string') {
      const user = await findSignInAccount(strapi || global.strapi, body.identifier);
      // An unknown name keeps its normalised spelling: no account matches it and the plugin
      // answers its usual «Invalid identifier or password».
      body.identifier = user ? user.username : normaliseIdentifier(body.identifier);
    }
    return original(ctx, ...rest);
  });
}

module.exports = { patchMobileAccounts };
