'use strict';

/**
 * Sessions that end (config/plugins.js `jwtManagement: 'refresh'`). The plugin checks an
 * access token's signature and expiry only, so a token taken before sign-out would work for its
 * remaining minutes: here it must also belong to a session that still exists. Signing out deletes
 * the session (with the browser's `deviceId`, every rotation of it), so its tokens stop at once.
 */
function requireLiveSession(plugin) {
  const createJwtService = plugin.services.jwt;
  plugin.services.jwt = (deps) => {
    const service = createJwtService(deps);
    const verify = service.verify.bind(service);
    return {
      ...service,
      async verify(token) {
        const payload = await verify(token);
        const strapi = deps.strapi || global.strapi;
        if (
          payload &&
          payload.sessionId &&
          !(await strapi.sessionManager('users-permissions').isSessionActive(payload.sessionId))
        ) {
          throw new Error('Invalid token.');
        }
        return payload;
      },
    };
  };
}

module.exports = { requireLiveSession };
