'use strict';

const { wrapAction } = require('./plugin-actions');

/**
 * The plugin's password change and reset end every session of the account and answer a new
 * refresh token in the body even when sessions are httpOnly: it goes into the httpOnly cookie like
 * every other sign-in, so no script ever sees a refresh token.
 */
function refreshTokenToCookie(ctx, strapi) {
  const sessions = strapi.config.get('plugin::users-permissions.sessions');
  const body = ctx.body;
  if (!sessions || !sessions.httpOnly || !body || typeof body.refreshToken !== 'string') return;
  const cookie = sessions.cookie || {};
  ctx.cookies.set(cookie.name || 'strapi_up_refresh', body.refreshToken, {
    httpOnly: true,
    secure: typeof cookie.secure === 'boolean' ? cookie.secure : process.env.NODE_ENV === 'production',
    sameSite: cookie.sameSite || 'lax',
    path: cookie.path || '/',
    domain: cookie.domain,
    maxAge: cookie.maxAge,
    overwrite: true,
  });
  const { refreshToken: _kept, ...rest } = body;
  ctx.body = rest;
}

/** Password change and reset: their new refresh token goes into the cookie too. */
function keepRefreshTokensInCookies(plugin) {
  for (const action of ['changePassword', 'resetPassword']) {
    wrapAction(plugin, 'auth', action, (original, strapi) => async (ctx, ...rest) => {
      const result = await original(ctx, ...rest);
      refreshTokenToCookie(ctx, strapi || global.strapi);
      return result;
    });
  }
}

module.exports = { refreshTokenToCookie, keepRefreshTokensInCookies };
