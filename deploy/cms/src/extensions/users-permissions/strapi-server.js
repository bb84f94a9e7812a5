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
  return plugin;
};
