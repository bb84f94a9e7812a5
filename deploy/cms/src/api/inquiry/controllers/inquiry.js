'use strict';

const { errors } = require('@strapi/utils');
const { ownerScopedController, customerStatusChange, refuse, isPlainObject } = require('../../../utils/owner-scoped');
const { checkLines, quoteTotals, refuseLines, asNumber } = require('../../../utils/inquiry-lines');

const UID = 'api::inquiry.inquiry';
const CANCELLABLE = ['sent', 'quoted'];
// Beside the per-account limit every creation has (utils/account-creation-limit.js): an inquiry is
// an operator's hour of pricing, so an account sends at most this many in any 24 hours.
const PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOO_MANY_PER_DAY_FA = `در ۲۴ ساعت گذشته بیش از ${PER_DAY.toLocaleString('fa-IR')} استعلام از حساب شما ثبت شده است. لطفاً بعداً دوباره ارسال کنید.`;
const DOCUMENT_ID = /^[a-z0-9]{1,64}$/i;
const MAX_PRICE = 1e13;

/** A staff credential (an API token: the editor's, or one made in the admin), never a customer's session. */
const isOperator = (ctx) => ['content-api-token', 'api-token'].includes(ctx.state.auth?.strategy?.name);

const conflict = (ctx, message, details) => ctx.throw(409, message, { details });

async function limitPerDay(strapi, ctx, user) {
  const recent = await strapi.documents(UID).findMany({
    filters: { owner: { id: { $eq: user.id } }, createdAt: { $gt: new Date(Date.now() - DAY_MS).toISOString() } },
    fields: ['createdAt'],
    sort: ['createdAt:asc'],
    limit: PER_DAY,
  });
  if (recent.length < PER_DAY) return;
  const freeInSeconds = Math.max(1, Math.ceil((new Date(recent[0].createdAt).getTime() + DAY_MS - Date.now()) / 1000));
  ctx.set('Retry-After', String(freeInSeconds));
  throw new errors.RateLimitError(TOO_MANY_PER_DAY_FA, { limit: 'inquiries-per-day', max: PER_DAY });
}

// Every problem of a sent inquiry in one 400: the province, the note and each line.
async function checkSent(strapi, data) {
  const problems = [];
  const rate =
    typeof data.province_slug === 'string' && data.province_slug
      ? await strapi
          .documents('api::shipping-rate.shipping-rate')
          .findFirst({ filters: { province_slug: { $eq: data.province_slug } } })
      : null;
  if (!rate)
    problems.push({
      path: ['province_slug'],
      message: `province_slug must be one of the shipping rates' provinces (got ${JSON.stringify(data.province_slug ?? null)})`,
    });
  if (data.note != null && (typeof data.note !== 'string' || data.note.length > 1000))
    problems.push({ path: ['note'], message: 'note must be a text of at most 1000 characters' });
  let checked = null;
  try {
    checked = await checkLines(strapi, data.lines, { withWeight: true });
  } catch (error) {
    if (!(error instanceof errors.ValidationError)) throw error;
    problems.push(...error.details.errors);
  }
  refuseLines(problems);
  return { rate, ...checked };
}

// The order's unit_price means rial per kg (the product's unit) as every order's does; a quote is per
// sale unit, so it is divided by the sale unit's weight: exact for kg and tonne, the buyer's own
// indicative weight for a branch or a sheet (the order's total is the quote's, exactly).
const KG_PER_SALE_UNIT = { kg: 1, tonne: 1000 };
function pricePerKg(line) {
  const quantity = Number(line.quantity);
  const perUnitKg =
    KG_PER_SALE_UNIT[line.sale_unit] ?? (Number(line.weight_kg) > 0 ? Number(line.weight_kg) / quantity : 0);
  return perUnitKg > 0 ? Math.round(Number(line.quoted_unit_price) / perUnitKg) : null;
}

const withoutIds = (lines) => (lines || []).map(({ id, ...line }) => line);

const scoped = ownerScopedController(UID, {
  allowDelete: false,
  async beforeCreate(data, { user, strapi, ctx }) {
    await limitPerDay(strapi, ctx, user);
    const { rate, lines, products } = await checkSent(strapi, data);
    const weightKg = lines.reduce((sum, l) => sum + l.weight_kg, 0);
    const now = new Date().toISOString();
    const number = `RQ-${Date.now().toString(36).toUpperCase()}-${Math.floor(Math.random() * 1296)
      .toString(36)
      .toUpperCase()}`;
    // Only what the buyer may say is taken from the body; the rest is the server's.
    return {
      number,
      lines: lines.map((l) => {
        const p = products.get(l.product_slug);
        return {
          product_slug: p.slug,
          product_name: p.name,
          quantity: l.quantity,
          sale_unit: p.sale_unit,
          unit: p.unit,
          indicative_unit_price: p.price,
          weight_kg: l.weight_kg,
          illustrative: p.illustrative,
        };
      }),
      province_slug: rate.province_slug,
      province_name: rate.province_name,
      note: data.note || null,
      shipping_estimate: Math.round((weightKg / 1000) * Number(rate.rate_per_tonne)),
      status: 'sent',
      status_history: [{ status: 'sent', at: now }],
    };
  },
  // A customer changes nothing of a sent inquiry but cancelling it; quoted fields are the operator's.
  beforeUpdate(data, ctx) {
    return customerStatusChange({ allowed: ['cancelled'], from: CANCELLABLE })({ status: data.status }, ctx);
  },
  extend: ({ strapi, helpers }) => ({
    async cancel(ctx) {
      const user = helpers.requireUser(ctx);
      const inquiry = await helpers.findOwned(ctx.params.id, user);
      if (!inquiry) throw new errors.NotFoundError('Not Found');
      if (!CANCELLABLE.includes(inquiry.status))
        conflict(ctx, `An inquiry in status "${inquiry.status}" can no longer be cancelled`, {
          status: inquiry.status,
        });
      const updated = await strapi
        .documents(UID)
        .update({ documentId: inquiry.documentId, data: { status: 'cancelled' }, populate: ['lines'] });
      return this.transformResponse(await this.sanitizeOutput(updated, ctx));
    },

    /** The buyer accepts a quote that has not expired: it becomes an order, once. */
    async accept(ctx) {
      const user = helpers.requireUser(ctx);
      const inquiry = await helpers.findOwned(ctx.params.id, user, { populate: ['lines'] });
      if (!inquiry) throw new errors.NotFoundError('Not Found');
      if (inquiry.status !== 'quoted') {
        const why = {
          accepted: 'This quote has already been accepted',
          expired: 'This quote has expired; ask for a new one',
        };
        conflict(ctx, why[inquiry.status] || `An inquiry in status "${inquiry.status}" has no quote to accept`, {
          status: inquiry.status,
        });
      }
      const at = new Date().toISOString();
      const history = [...(inquiry.status_history || []), { status: 'accepted', at }];
      // Claimed with one conditional write, so two accepts at once make one order.
      const claimed = await strapi.db.query(UID).updateMany({
        where: { id: inquiry.id, status: 'quoted' },
        data: { status: 'accepted', status_history: history },
      });
      if (!claimed.count) conflict(ctx, 'This quote has already been accepted', { status: 'accepted' });

      let order;
      try {
        const totals = quoteTotals(inquiry);
        order = await strapi.documents('api::order.order').create({
          data: {
            number: `SO-${Date.now().toString(36).toUpperCase()}-${Math.floor(Math.random() * 1296)
              .toString(36)
              .toUpperCase()}`,
            items: inquiry.lines.map((l) => ({
              product_slug: l.product_slug,
              product_name: l.product_name,
              quantity: l.quantity,
              sale_unit: l.sale_unit,
              unit_price: pricePerKg(l),
              illustrative: false,
            })),
            status: 'proforma_issued',
            status_history: [{ status: 'proforma_issued', at }],
            total_price: totals.total,
            note: `پیش‌فاکتور استعلام ${inquiry.number}`,
            delivery_address: inquiry.province_name ? `استان ${inquiry.province_name}` : null,
            owner: user.id,
          },
        });
      } catch (error) {
        await strapi.db.query(UID).updateMany({
          where: { id: inquiry.id },
          data: { status: 'quoted', status_history: inquiry.status_history },
        });
        throw error;
      }
      const updated = await strapi.documents(UID).update({
        documentId: inquiry.documentId,
        data: { order_number: order.number, order_document_id: order.documentId },
        populate: ['lines'],
      });
      ctx.body = {
        data: {
          inquiry: await this.sanitizeOutput(updated, ctx),
          order: { documentId: order.documentId, number: order.number },
        },
      };
    },

    /**
     * The operator's pricing (an API token; the admin edits the same fields): per line
     * quoted_unit_price in rial per sale unit, quoted_shipping (the estimate when left out),
     * operator_note, quote_expires_at to move the deadline, status `quoted` (the default) or
     * `declined`. The content type's lifecycle stamps quoted_at, the deadline and the tax rate.
     */
    async quote(ctx) {
      if (!isOperator(ctx)) throw refuse('Only an operator prices an inquiry');
      const body = ctx.request.body;
      if (!isPlainObject(body) || !isPlainObject(body.data))
        throw new errors.ValidationError('Missing "data" payload in the request body');
      const data = body.data;
      const allowed = ['lines', 'quoted_shipping', 'operator_note', 'status', 'quote_expires_at'];
      const extra = Object.keys(data).filter((k) => !allowed.includes(k));
      if (extra.length) throw new errors.ValidationError(`Invalid key(s): ${extra.join(', ')}`);
      const id = ctx.params.id;
      const inquiry = DOCUMENT_ID.test(id || '')
        ? await strapi.documents(UID).findOne({ documentId: id, populate: ['lines'] })
        : null;
      if (!inquiry) throw new errors.NotFoundError('Not Found');
      if (['accepted', 'cancelled'].includes(inquiry.status))
        conflict(ctx, `An inquiry in status "${inquiry.status}" can no longer be priced`, { status: inquiry.status });

      const problems = [];
      const status = data.status ?? 'quoted';
      if (!['quoted', 'declined'].includes(status))
        problems.push({
          path: ['status'],
          message: `status must be quoted or declined (got ${JSON.stringify(status)})`,
        });
      const prices = new Map();
      if (data.lines !== undefined) {
        if (!Array.isArray(data.lines)) problems.push({ path: ['lines'], message: 'lines must be an array' });
        else
          data.lines.forEach((line, i) => {
            const slug = line && line.product_slug;
            const price = asNumber(line && line.quoted_unit_price);
            if (!inquiry.lines.some((l) => l.product_slug === slug))
              problems.push({
                path: ['lines', i, 'product_slug'],
                message: `lines[${i}].product_slug ${JSON.stringify(slug ?? null)} is not in this inquiry`,
              });
            else if (!(Number.isInteger(price) && price > 0 && price < MAX_PRICE))
              problems.push({
                path: ['lines', i, 'quoted_unit_price'],
                message: `lines[${i}].quoted_unit_price must be a whole number of rial per sale unit, more than 0 (got ${JSON.stringify(line.quoted_unit_price ?? null)})`,
              });
            else prices.set(slug, price);
          });
      }
      const lines = withoutIds(inquiry.lines).map((l) =>
        prices.has(l.product_slug) ? { ...l, quoted_unit_price: prices.get(l.product_slug) } : l,
      );
      if (status === 'quoted') {
        const unpriced = lines.filter((l) => !(Number(l.quoted_unit_price) > 0)).map((l) => l.product_slug);
        if (unpriced.length)
          problems.push({
            path: ['lines'],
            message: `every line needs a quoted_unit_price (missing: ${unpriced.join(', ')})`,
          });
      }
      const shipping = data.quoted_shipping === undefined ? undefined : asNumber(data.quoted_shipping);
      if (shipping !== undefined && !(Number.isInteger(shipping) && shipping >= 0 && shipping < MAX_PRICE))
        problems.push({
          path: ['quoted_shipping'],
          message: `quoted_shipping must be a whole number of rial, 0 or more (got ${JSON.stringify(data.quoted_shipping)})`,
        });
      if (data.quote_expires_at !== undefined && Number.isNaN(Date.parse(data.quote_expires_at)))
        problems.push({
          path: ['quote_expires_at'],
          message: `quote_expires_at must be a date and time (got ${JSON.stringify(data.quote_expires_at)})`,
        });
      if (data.operator_note != null && (typeof data.operator_note !== 'string' || data.operator_note.length > 2000))
        problems.push({ path: ['operator_note'], message: 'operator_note must be a text of at most 2000 characters' });
      refuseLines(problems);

      const change = {
        status,
        quoted_shipping: shipping ?? inquiry.quoted_shipping ?? inquiry.shipping_estimate,
        ...(data.lines !== undefined ? { lines } : {}),
        ...(data.operator_note !== undefined ? { operator_note: data.operator_note } : {}),
        ...(data.quote_expires_at !== undefined
          ? { quote_expires_at: new Date(data.quote_expires_at).toISOString() }
          : {}),
      };
      const updated = await strapi
        .documents(UID)
        .update({ documentId: inquiry.documentId, data: change, populate: ['lines'] });
      return this.transformResponse(await this.sanitizeOutput(updated, ctx));
    },
  }),
});

// Staff (an API token) read every inquiry, unscoped: the core actions. Customers read their own.
module.exports = ({ strapi }) => {
  const controller = scoped({ strapi });
  const base = Object.getPrototypeOf(controller);
  for (const action of ['find', 'findOne']) {
    const own = controller[action];
    controller[action] = async function (ctx) {
      return isOperator(ctx) ? base[action].call(this, ctx) : own.call(this, ctx);
    };
  }
  return controller;
};
