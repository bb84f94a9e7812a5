'use strict';

const crypto = require('node:crypto');

const { users, checkMobile, checkUsername, isMobile, normaliseMobile } = require('./accounts');
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
    await checkMobile(strapi || global.strapi, body);
    // The plugin answers a new account's refresh token in the body, not the cookie: without this a
    // new customer was signed out when the first access token expired.
    const result = await original(ctx, ...rest);
    refreshTokenToCookie(ctx, strapi || global.strapi);
    return result;
  });

  // Sign-in by mobile: POST /auth/local with the mobile (Persian or Latin digits) as the identifier.
  // The number is resolved to its account's username before the plugin's own checks run, so the
  // route, its rate limit and its error answers stay the plugin's.
  wrapAction(plugin, 'auth', 'callback', (original, strapi) => async (ctx, ...rest) => {
    const provider = ctx.params && ctx.params.provider;
    const body = ctx.request.body;
    // A social sign-in's session would have no deviceId at all (the provider's redirect carries
    // none): give it one, so signing out can end the session with all its rotations.
    if (provider && provider !== 'local') ctx.request.body = { ...(body || {}), deviceId: crypto.randomUUID() };
    if (
      (!provider || provider === 'local') &&
      body &&
      typeof body.identifier === 'string' &&
      isMobile(body.identifier)
    ) {
      const mobile = normaliseMobile(body.identifier);
      const user = await users(strapi || global.strapi).findOne({
        where: { mobile, provider: 'local' },
        select: ['username'],
      });
      // An unknown number keeps the normalised value: no account matches it and the plugin answers
      // its usual «Invalid identifier or password».
      body.identifier = user ? user.username : mobile;
    }
    return original(ctx, ...rest);
  });
}

module.exports = { patchMobileAccounts };
