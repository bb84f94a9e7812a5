'use strict';

const { factories } = require('@strapi/strapi');
const { errors } = require('@strapi/utils');
const { limitAccountCreation } = require('./account-creation-limit');

const { ValidationError, UnauthorizedError, NotFoundError, PolicyError } = errors;

/**
 * A 403 whose message reaches the customer. Strapi's authorize middleware wraps the controller and
 * turns any other ForbiddenError thrown inside it into a bare «Forbidden»; PolicyError (a
 * ForbiddenError) is its documented exception, so the panel can say why a change was refused.
 */
const refuse = (message, details) => new PolicyError(message, details);

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** True when `owner` appears anywhere as a key (body or filters). */
const mentionsOwner = (value, depth = 0) => {
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => mentionsOwner(v, depth + 1));
  return Object.keys(value).some((k) => k === 'owner' || mentionsOwner(value[k], depth + 1));
};

/** Enumeration values are checked before anything is written (Strapi would check later, after our hooks). */
const checkEnums = (strapi, uid, data) => {
  const { attributes } = strapi.getModel(uid);
  for (const [key, value] of Object.entries(data)) {
    const attr = attributes[key];
    if (attr && attr.type === 'enumeration' && value !== null && !attr.enum.includes(value)) {
      throw new ValidationError(`«${key}» یکی از این‌هاست: ${attr.enum.join('، ')}.`, { key, value });
    }
  }
};

const DOCUMENT_ID = /^[a-z0-9]{1,64}$/i;

/**
 * A core controller whose every action is scoped to the signed-in user (ctx.state.user):
 * - create sets `owner` from the token (an `owner` in the body is refused with 400);
 * - find lists only the caller's records (client filters are AND-ed with owner = me, and may not mention owner);
 * - findOne / update / delete answer 404 for a record of somebody else;
 * - hooks let a type fix server-side fields (status on create, which status changes a customer may make).
 *
 * options:
 *   allowAnonymousCreate: boolean (contact form)
 *   allowDelete: boolean (default true)
 *   beforeCreate(data, { user, strapi, ctx }) -> data
 *   beforeUpdate(data, { user, existing, strapi, ctx }) -> data
 *   extend({ strapi, helpers, actions }) -> extra actions (or replacements, which may call `actions`)
 */
const ownerScopedController = (uid, options = {}) =>
  factories.createCoreController(uid, ({ strapi }) => {
    const requireUser = (ctx) => {
      const user = ctx.state.user;
      if (!user || !user.id) throw new UnauthorizedError('برای این کار وارد حساب کاربری خود شوید.');
      return user;
    };
    const ownFilter = (user) => ({ owner: { id: { $eq: user.id } } });

    const findOwned = async (documentId, user, extra = {}) => {
      if (typeof documentId !== 'string' || !DOCUMENT_ID.test(documentId)) return null;
      return strapi.documents(uid).findFirst({
        ...extra,
        filters: { $and: [extra.filters || {}, { documentId: { $eq: documentId } }, ownFilter(user)] },
      });
    };

    const readBodyData = (ctx) => {
      const body = ctx.request.body;
      if (!isPlainObject(body) || !isPlainObject(body.data)) {
        throw new ValidationError('بدنهٔ درخواست باید «data» داشته باشد.');
      }
      const extraKeys = Object.keys(body).filter((k) => k !== 'data');
      if (extraKeys.length)
        throw new ValidationError(`بدنهٔ درخواست فقط «data» دارد؛ کلیدهای ناشناخته: ${extraKeys.join('، ')}.`);
      if (mentionsOwner(body.data)) {
        throw new ValidationError('«owner» را نفرستید: صاحب هر رکورد را سرور از حساب شما تعیین می‌کند.');
      }
      return body.data;
    };

    const checkQuery = (ctx) => {
      if (mentionsOwner(ctx.query && ctx.query.filters)) {
        throw new ValidationError('با «owner» نمی‌شود پالایش کرد: همیشه فقط رکوردهای خودتان را می‌بینید.');
      }
    };

    const helpers = { requireUser, ownFilter, findOwned, readBodyData, checkQuery };

    const actions = {
      async find(ctx) {
        const user = requireUser(ctx);
        checkQuery(ctx);
        await this.validateQuery(ctx);
        const query = await this.sanitizeQuery(ctx);
        const filters = query.filters ? { $and: [query.filters, ownFilter(user)] } : ownFilter(user);
        const { results, pagination } = await strapi.service(uid).find({ ...query, filters });
        const sanitized = await this.sanitizeOutput(results, ctx);
        return this.transformResponse(sanitized, { pagination });
      },

      async findOne(ctx) {
        const user = requireUser(ctx);
        checkQuery(ctx);
        await this.validateQuery(ctx);
        const query = await this.sanitizeQuery(ctx);
        const entity = await findOwned(ctx.params.id, user, query);
        if (!entity) throw new NotFoundError('Not Found');
        const sanitized = await this.sanitizeOutput(entity, ctx);
        return this.transformResponse(sanitized);
      },

      async create(ctx) {
        const user = options.allowAnonymousCreate ? ctx.state.user || null : requireUser(ctx);
        await limitAccountCreation(ctx, uid, user);
        const input = readBodyData(ctx);
        checkQuery(ctx);
        await this.validateQuery(ctx);
        const query = await this.sanitizeQuery(ctx);
        await this.validateInput(input, ctx);
        checkEnums(strapi, uid, input);
        let data = await this.sanitizeInput(input, ctx);
        if (options.beforeCreate) data = await options.beforeCreate(data, { user, strapi, ctx });
        const entity = await strapi.service(uid).create({ ...query, data: { ...data, owner: user ? user.id : null } });
        const sanitized = await this.sanitizeOutput(entity, ctx);
        ctx.status = 201;
        return this.transformResponse(sanitized);
      },

      async update(ctx) {
        const user = requireUser(ctx);
        const input = readBodyData(ctx);
        checkQuery(ctx);
        await this.validateQuery(ctx);
        const query = await this.sanitizeQuery(ctx);
        const existing = await findOwned(ctx.params.id, user, { populate: options.updatePopulate || undefined });
        if (!existing) throw new NotFoundError('Not Found');
        await this.validateInput(input, ctx);
        checkEnums(strapi, uid, input);
        let data = await this.sanitizeInput(input, ctx);
        if (options.beforeUpdate) data = await options.beforeUpdate(data, { user, existing, strapi, ctx });
        const entity = await strapi.service(uid).update(existing.documentId, { ...query, data });
        const sanitized = await this.sanitizeOutput(entity, ctx);
        return this.transformResponse(sanitized);
      },

      async delete(ctx) {
        const user = requireUser(ctx);
        if (options.allowDelete === false) throw refuse('این رکوردها پاک نمی‌شوند؛ به‌جای آن لغو یا بسته‌شان کنید.');
        const existing = await findOwned(ctx.params.id, user);
        if (!existing) throw new NotFoundError('Not Found');
        await strapi.service(uid).delete(existing.documentId);
        ctx.status = 204;
        return null;
      },
    };

    return { ...actions, ...(options.extend ? options.extend({ strapi, helpers, actions }) : {}) };
  });

/** Customers may only move a record's status to one of `allowed`, and only from one of `from`. */
const customerStatusChange =
  ({ field = 'status', allowed, from }) =>
  (data, { existing }) => {
    if (data[field] === undefined || data[field] === existing[field]) {
      delete data[field];
      return data;
    }
    if (!allowed.includes(data[field])) {
      throw refuse(`«${field}» را فقط به این‌ها می‌توانید تغییر دهید: ${allowed.join('، ')}.`, {
        key: field,
        value: data[field],
      });
    }
    if (from && !from.includes(existing[field])) {
      throw refuse(`رکوردی در وضعیت «${existing[field]}» دیگر به «${data[field]}» تغییر نمی‌کند.`, {
        key: field,
        from: existing[field],
        to: data[field],
      });
    }
    return data;
  };

/** A staff credential (an API token: the editor's, or one made in the admin), never a customer's session. */
const isOperator = (ctx) => ['content-api-token', 'api-token'].includes(ctx.state.auth?.strategy?.name);

/**
 * An owner-scoped controller (its factory) whose `find` and `findOne` read every record for staff
 * (an API token: the operator's list), and only the caller's own for a customer.
 */
const withStaffReads =
  (scopedFactory) =>
  ({ strapi }) => {
    const controller = scopedFactory({ strapi });
    const base = Object.getPrototypeOf(controller);
    for (const action of ['find', 'findOne']) {
      const own = controller[action];
      controller[action] = async function (ctx) {
        return isOperator(ctx) ? base[action].call(this, ctx) : own.call(this, ctx);
      };
    }
    return controller;
  };

module.exports = {
  ownerScopedController,
  customerStatusChange,
  mentionsOwner,
  isPlainObject,
  refuse,
  isOperator,
  withStaffReads,
};
