'use strict';

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
    plugin.controllers[controllerName] = (deps) => ({
      ...controller(deps),
      [actionName]: (ctx) => action(ctx, deps.strapi),
    });
  } else {
    controller[actionName] = (ctx) => action(ctx, global.strapi);
  }
}

module.exports = { wrapAction, addAction };
