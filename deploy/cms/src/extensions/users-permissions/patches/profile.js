'use strict';

const { errors } = require('@strapi/utils');
const { EMAIL, PROFILE_FIELDS, USER, users, checkMobile, checkUsername, checkEmailDomain } = require('./accounts');
const { wrapAction, addAction } = require('./plugin-actions');

/**
 * PUT /users/me: the signed-in customer edits their username, e-mail and mobile (validated as at
 * registration). Another account's username, e-mail or mobile is refused with a 400 naming the
 * field; anything else in the body (role, password, confirmed, blocked…) is refused outright.
 */
async function updateMe(ctx, strapi) {
  const me = ctx.state.user;
  if (!me) return ctx.unauthorized();
  const body = ctx.request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new errors.ValidationError('Send the fields to change as a JSON object');
  const unknown = Object.keys(body).filter((key) => !PROFILE_FIELDS.includes(key));
  if (unknown.length)
    throw new errors.ValidationError(
      `Only ${PROFILE_FIELDS.join(', ')} can be changed here (not: ${unknown.join(', ')})`,
      { keys: unknown },
    );

  const data = {};
  if (body.username !== undefined) {
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    if (username.length < 3 || username.length > 50)
      throw new errors.ValidationError('username must be 3 to 50 characters', { key: 'username' });
    // An account made by an SMS code has its number as username: kept as it is, it is not refused.
    if (username !== me.username) checkUsername({ username });
    const taken = await users(strapi).findOne({ where: { username, id: { $ne: me.id } }, select: ['id'] });
    if (taken) throw new errors.ValidationError('This username is already taken', { key: 'username' });
    data.username = username;
  }
  if (body.email !== undefined) {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!EMAIL.test(email) || email.length > 254)
      throw new errors.ValidationError('email must be a valid e-mail address', { key: 'email' });
    if (email !== me.email) checkEmailDomain(email);
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
  ctx.body = {
    ...sanitized,
    role: role
      ? { id: role.id, documentId: role.documentId, name: role.name, description: role.description, type: role.type }
      : null,
  };
}

/** `populate=role` asks for the caller's role, in any of the forms Strapi accepts. */
const wantsRole = (populate) => {
  if (!populate) return false;
  if (populate === '*' || populate === 'role') return true;
  if (typeof populate === 'string')
    return populate
      .split(',')
      .map((s) => s.trim())
      .includes('role');
  if (Array.isArray(populate)) return populate.some(wantsRole);
  if (typeof populate === 'object') return Object.prototype.hasOwnProperty.call(populate, 'role');
  return false;
};

/**
 * The customer's own account: PUT /users/me edits it; /users/me?populate=role returns the
 * caller's role ({id, documentId, name, description, type}) without granting the authenticated
 * role access to the roles API.
 */
function patchProfile(plugin) {
  wrapAction(plugin, 'user', 'me', (original, strapi) => async (ctx, ...rest) => {
    const result = await original(ctx, ...rest);
    if (ctx.state.user && ctx.body && typeof ctx.body === 'object' && wantsRole(ctx.query && ctx.query.populate)) {
      const user = await users(strapi || global.strapi).findOne({
        where: { id: ctx.state.user.id },
        populate: ['role'],
      });
      const role = user && user.role;
      ctx.body = {
        ...ctx.body,
        role: role
          ? {
              id: role.id,
              documentId: role.documentId,
              name: role.name,
              description: role.description,
              type: role.type,
            }
          : null,
      };
    }
    return result;
  });

  addAction(plugin, 'user', 'updateMe', updateMe);
  // Before `PUT /users/:id`, which would otherwise take `/users/me` as an id.
  const contentApi = plugin.routes['content-api'];
  contentApi.routes = [
    { method: 'PUT', path: '/users/me', handler: 'user.updateMe', config: { prefix: '' } },
    ...contentApi.routes,
  ];
}

module.exports = { patchProfile };
