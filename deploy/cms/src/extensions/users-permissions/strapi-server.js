'use strict';

const { errors } = require('@strapi/utils');

const MOBILE = /^09\d{9}$/;

// Adds `mobile` (Iranian mobile number, 09xxxxxxxxx) to the users-permissions user. It is accepted
// at registration (config/plugins.js register.allowedFields) and returned by /users/me.
module.exports = (plugin) => {
  plugin.contentTypes.user.schema.attributes.mobile = {
    type: 'string',
    maxLength: 11,
    regex: '^09\\d{9}$',
    configurable: false,
  };

  const register = plugin.controllers.auth.register;
  const wrapRegister = (original) => async (ctx, ...rest) => {
    const body = ctx.request.body || {};
    if (body.mobile !== undefined && body.mobile !== null && body.mobile !== '') {
      const mobile = String(body.mobile).replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
      if (!MOBILE.test(mobile)) throw new errors.ValidationError('mobile must look like 09xxxxxxxxx');
      body.mobile = mobile;
    }
    return original(ctx, ...rest);
  };
  if (typeof plugin.controllers.auth === 'function') {
    const factory = plugin.controllers.auth;
    plugin.controllers.auth = (deps) => {
      const controller = factory(deps);
      controller.register = wrapRegister(controller.register.bind(controller));
      return controller;
    };
  } else if (typeof register === 'function') {
    plugin.controllers.auth.register = wrapRegister(register);
  }

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
  const wrapMe = (original, getStrapi) => async (ctx, ...rest) => {
    const result = await original(ctx, ...rest);
    if (ctx.state.user && ctx.body && typeof ctx.body === 'object' && wantsRole(ctx.query && ctx.query.populate)) {
      const user = await getStrapi().db.query('plugin::users-permissions.user').findOne({ where: { id: ctx.state.user.id }, populate: ['role'] });
      const role = user && user.role;
      ctx.body = { ...ctx.body, role: role ? { id: role.id, documentId: role.documentId, name: role.name, description: role.description, type: role.type } : null };
    }
    return result;
  };
  if (typeof plugin.controllers.user === 'function') {
    const factory = plugin.controllers.user;
    plugin.controllers.user = (deps) => {
      const controller = factory(deps);
      controller.me = wrapMe(controller.me.bind(controller), () => deps.strapi);
      return controller;
    };
  } else {
    plugin.controllers.user.me = wrapMe(plugin.controllers.user.me, () => global.strapi);
  }
  return plugin;
};
