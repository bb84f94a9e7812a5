'use strict';

const crypto = require('node:crypto');

const { errors } = require('@strapi/utils');
const { MOBILE, normaliseMobile, isMobile } = require('../../utils/mobile');

const USER = 'plugin::users-permissions.user';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What a customer may change of their own account through PUT /users/me (the password has its own route). */
const PROFILE_FIELDS = ['username', 'email', 'mobile'];

/** A controller may be a factory `({ strapi }) => actions` or the actions object: wrap `name` in either form. */
function wrapAction(plugin, controllerName, actionName, wrap) {
  const controller = plugin.controllers[controllerName];
  if (typeof controller === 'function') {
    plugin.controllers[controllerName] = (deps) => {
      const actions = controller(deps);
      actions[actionName] = wrap(actions[actionName].bind(actions), deps.strapi);
      return actions;
    };
  } else {
    controller[actionName] = wrap(controller[actionName], global.strapi);
  }
}

/** Adds an action to a controller in either form. */
function addAction(plugin, controllerName, actionName, action) {
  const controller = plugin.controllers[controllerName];
  if (typeof controller === 'function') {
    plugin.controllers[controllerName] = (deps) => ({ ...controller(deps), [actionName]: (ctx) => action(ctx, deps.strapi) });
  } else {
    controller[actionName] = (ctx) => action(ctx, global.strapi);
  }
}

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
 * PUT /users/me: the signed-in customer edits their username, e-mail and mobile (validated as at
 * registration). Another account's username, e-mail or mobile is refused with a 400 naming the
 * field; anything else in the body (role, password, confirmed, blocked…) is refused outright.
 */
async function updateMe(ctx, strapi) {
  const me = ctx.state.user;
  if (!me) return ctx.unauthorized();
  const body = ctx.request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new errors.ValidationError('Send the fields to change as a JSON object');
  const unknown = Object.keys(body).filter((key) => !PROFILE_FIELDS.includes(key));
  if (unknown.length) throw new errors.ValidationError(`Only ${PROFILE_FIELDS.join(', ')} can be changed here (not: ${unknown.join(', ')})`, { keys: unknown });

  const data = {};
  if (body.username !== undefined) {
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    if (username.length < 3 || username.length > 50) throw new errors.ValidationError('username must be 3 to 50 characters', { key: 'username' });
    checkUsername({ username });
    const taken = await users(strapi).findOne({ where: { username, id: { $ne: me.id } }, select: ['id'] });
    if (taken) throw new errors.ValidationError('This username is already taken', { key: 'username' });
    data.username = username;
  }
  if (body.email !== undefined) {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!EMAIL.test(email) || email.length > 254) throw new errors.ValidationError('email must be a valid e-mail address', { key: 'email' });
    const taken = await users(strapi).findOne({ where: { email, id: { $ne: me.id } }, select: ['id'] });
    if (taken) throw new errors.ValidationError('This e-mail is already used by another account', { key: 'email' });
    data.email = email;
  }
  if (body.mobile !== undefined) {
    if (body.mobile === null || body.mobile === '') data.mobile = null;
    else {
      const holder = { mobile: body.mobile };
      await checkMobile(strapi, holder, me.id);
      data.mobile = holder.mobile;
    }
  }

  const updated = await strapi.plugin('users-permissions').service('user').edit(me.id, data);
  const schema = strapi.getModel(USER);
  const sanitized = await strapi.contentAPI.sanitize.output(updated, schema, { auth: ctx.state.auth });
  const role = updated.role;
  ctx.body = { ...sanitized, role: role ? { id: role.id, documentId: role.documentId, name: role.name, description: role.description, type: role.type } : null };
}

/**
 * Sessions that end (issue 12, config/plugins.js `jwtManagement: 'refresh'`). The plugin checks an
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
        if (payload && payload.sessionId && !(await strapi.sessionManager('users-permissions').isSessionActive(payload.sessionId))) {
          throw new Error('Invalid token.');
        }
        return payload;
      },
    };
  };
}

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

// Adds `mobile` (Iranian mobile number, 09xxxxxxxxx, one account per number) to the
// users-permissions user: accepted at registration (config/plugins.js register.allowedFields),
// returned by /users/me, usable as the identifier of POST /auth/local, editable with PUT /users/me.
module.exports = (plugin) => {
  requireLiveSession(plugin);
  for (const action of ['changePassword', 'resetPassword']) {
    wrapAction(plugin, 'auth', action, (original, strapi) => async (ctx, ...rest) => {
      const result = await original(ctx, ...rest);
      refreshTokenToCookie(ctx, strapi || global.strapi);
      return result;
    });
  }
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

  // Signing out ends the whole family of the session the caller's access token belongs to (its
  // rotations share one deviceId), whatever deviceId the browser sends: a session begun by
  // registration, a password reset or a social sign-in got a deviceId the browser never saw, so
  // the plugin's "revoke this deviceId" would leave it alive. `scope: 'all'` keeps its meaning.
  wrapAction(plugin, 'auth', 'logout', (original, strapi) => async (ctx, ...rest) => {
    const body = ctx.request.body || {};
    const sessionId = ctx.state.session && ctx.state.session.id;
    if (sessionId && body.scope !== 'all') {
      const session = await (strapi || global.strapi).db.query('admin::session').findOne({ where: { sessionId }, select: ['deviceId'] });
      if (session) {
        // No deviceId (a session from before this): the plugin then ends the current session by id.
        const { deviceId: _sent, ...rest } = body;
        ctx.request.body = session.deviceId ? { ...rest, deviceId: session.deviceId } : rest;
      }
    }
    return original(ctx, ...rest);
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
    if ((!provider || provider === 'local') && body && typeof body.identifier === 'string' && isMobile(body.identifier)) {
      const mobile = normaliseMobile(body.identifier);
      const user = await users(strapi || global.strapi).findOne({ where: { mobile, provider: 'local' }, select: ['username'] });
      // An unknown number keeps the normalised value: no account matches it and the plugin answers
      // its usual «Invalid identifier or password».
      body.identifier = user ? user.username : mobile;
    }
    return original(ctx, ...rest);
  });

  // /users/me?populate=role returns the caller's role ({id, documentId, name, description, type})
  // without granting the authenticated role access to the roles API.
  const wantsRole = (populate) => {
    if (!populate) return false;
    if (populate === '*' || populate === 'role') return true;
    if (typeof populate === 'string') return populate.split(',').map((s) => s.trim()).includes('role');
    if (Array.isArray(populate)) return populate.some(wantsRole);
    if (typeof populate === 'object') return Object.prototype.hasOwnProperty.call(populate, 'role');
    return false;
  };
  wrapAction(plugin, 'user', 'me', (original, strapi) => async (ctx, ...rest) => {
    const result = await original(ctx, ...rest);
    if (ctx.state.user && ctx.body && typeof ctx.body === 'object' && wantsRole(ctx.query && ctx.query.populate)) {
      const user = await users(strapi || global.strapi).findOne({ where: { id: ctx.state.user.id }, populate: ['role'] });
      const role = user && user.role;
      ctx.body = { ...ctx.body, role: role ? { id: role.id, documentId: role.documentId, name: role.name, description: role.description, type: role.type } : null };
    }
    return result;
  });

  addAction(plugin, 'user', 'updateMe', updateMe);
  // Before `PUT /users/:id`, which would otherwise take `/users/me` as an id.
  const contentApi = plugin.routes['content-api'];
  contentApi.routes = [{ method: 'PUT', path: '/users/me', handler: 'user.updateMe', config: { prefix: '' } }, ...contentApi.routes];
  return plugin;
};
