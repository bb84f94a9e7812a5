'use strict';

const { buildSessionMetadata, errors } = require('@strapi/utils');
const { refreshTokenToCookie } = require('../extensions/users-permissions/patches/refresh-cookie');

const USER = 'plugin::users-permissions.user';

/**
 * Signs `user` in as the password sign-in does (the users-permissions plugin's refresh mode, which
 * config/plugins.js sets): a session of this browser's `deviceId` (so signing out ends it with all
 * its rotations), its access token answered as `{ jwt, user }` and its refresh token only in the
 * httpOnly cookie. The panel stores this answer the same way whichever way the customer signed in.
 */
async function startSession(strapi, ctx, user) {
  const body = ctx.request.body || {};
  const deviceId = typeof body.deviceId === 'string' && body.deviceId.length > 0 ? body.deviceId : undefined;
  const sessions = strapi.sessionManager('users-permissions');
  const metadata = buildSessionMetadata({ userAgent: ctx.request.headers['user-agent'] });
  const refresh = await sessions.generateRefreshToken(String(user.id), deviceId, { type: 'refresh', metadata });
  const access = await sessions.generateAccessToken(refresh.token);
  if ('error' in access) throw new errors.ApplicationError('Invalid credentials');
  const shown = await strapi.contentAPI.sanitize.output(user, strapi.getModel(USER), { auth: ctx.state.auth });
  ctx.body = { jwt: access.token, refreshToken: refresh.token, user: shown };
  refreshTokenToCookie(ctx, strapi);
}

module.exports = { startSession };
