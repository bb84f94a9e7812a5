'use strict';

const { wrapAction } = require('./plugin-actions');

function patchSignOut(plugin) {
  // Signing out ends the whole family of the session the caller's access token belongs to (its
  // rotations share one deviceId), whatever deviceId the browser sends: a session begun by
  // registration, a password reset or a social sign-in got a deviceId the browser never saw, so
  // the plugin's "revoke this deviceId" would leave it alive. `scope: 'all'` keeps its meaning.
  wrapAction(plugin, 'auth', 'logout', (original, strapi) => async (ctx, ...rest) => {
    const body = ctx.request.body || {};
    const sessionId = ctx.state.session && ctx.state.session.id;
    if (sessionId && body.scope !== 'all') {
      const session = await (strapi || global.strapi).db
        .query('admin::session')
        .findOne({ where: { sessionId }, select: ['deviceId'] });
      if (session) {
        // No deviceId (a session from before this): the plugin then ends the current session by id.
        const { deviceId: _sent, ...rest } = body;
        ctx.request.body = session.deviceId ? { ...rest, deviceId: session.deviceId } : rest;
      }
    }
    return original(ctx, ...rest);
  });
}

module.exports = { patchSignOut };
