'use strict';

const { errors } = require('@strapi/utils');
const {
  ownerScopedController,
  customerStatusChange,
  refuse,
  isPlainObject,
  isOperator,
  withStaffReads,
} = require('../../../utils/owner-scoped');
const { checkLines, refuseLines } = require('../../../utils/inquiry-lines');
const {
  persianFigure,
  quoteTotals,
  readTypedNumber,
  shippingPrice,
  QUOTED_SHIPPING_RIAL,
  QUOTED_UNIT_PRICE_RIAL,
} = require('../../../utils/site-rules');

const UID = 'api::inquiry.inquiry';
const CANCELLABLE = ['sent', 'quoted'];
// Beside the per-account limit every creation has (utils/account-creation-limit.js): an inquiry is
// an operator's hour of pricing, so an account sends at most this many in any 24 hours.
const PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOO_MANY_PER_DAY_FA = `در ۲۴ ساعت گذشته بیش از ${PER_DAY.toLocaleString('fa-IR')} استعلام از حساب شما ثبت شده است. لطفاً بعداً دوباره ارسال کنید.`;
const DOCUMENT_ID = /^[a-z0-9]{1,64}$/i;
// What a buyer or an operator reads when a step is not open to the inquiry's status.
const STATUS_FA = {
  sent: 'در انتظار قیمت',
  quoted: 'قیمت‌گذاری‌شده',
  declined: 'بدون پیش‌فاکتور',
  expired: 'منقضی',
  accepted: 'پذیرفته‌شده',
  cancelled: 'لغوشده',
};
const statusFa = (status) => `«${STATUS_FA[status] ?? status}»`;

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

const CITY_UID = 'api::shipping-city.shipping-city';

/**
 * The delivery city a sent inquiry names: `city_slug`, or — from an inquiry app of before the
 * shipping rules by city — `province_slug`, read as that province's first city (its capital).
 */
async function deliveryCity(strapi, data) {
  const slug = (value) => (typeof value === 'string' && value ? value : null);
  if (slug(data.city_slug)) return strapi.documents(CITY_UID).findFirst({ filters: { slug: { $eq: data.city_slug } } });
  if (slug(data.province_slug))
    return strapi
      .documents(CITY_UID)
      .findFirst({ filters: { province_slug: { $eq: data.province_slug } }, sort: ['sort_order:asc', 'id:asc'] });
  return null;
}

/**
 * The route an inquiry's goods travel: from the city marked as the inquiry's origin to the
 * delivery city (data/domain/shipping-routes.json). Null where an editor left either out: the
 * inquiry is still sent, without an estimate, and the operator quotes the shipping.
 */
async function inquiryRoute(strapi, city) {
  const origin = await strapi.documents(CITY_UID).findFirst({ filters: { inquiry_origin: { $eq: true } } });
  if (!origin) return null;
  return strapi.documents('api::shipping-route.shipping-route').findFirst({
    filters: { origin_slug: { $eq: origin.slug }, destination_slug: { $eq: city.slug } },
    populate: ['tiers'],
  });
}

// Every problem of a sent inquiry in one 400: the city, the note and each line.
async function checkSent(strapi, data) {
  const problems = [];
  const city = await deliveryCity(strapi, data);
  if (!city)
    problems.push({
      path: ['city_slug'],
      message: 'شهر محل تحویل (city_slug) را از فهرست شهرهای حمل انتخاب کنید.',
    });
  if (data.note != null && (typeof data.note !== 'string' || data.note.length > 1000))
    problems.push({ path: ['note'], message: 'توضیحات (note) متنی حداکثر ۱٬۰۰۰ نویسه است.' });
  let checked = null;
  try {
    checked = await checkLines(strapi, data.lines);
  } catch (error) {
    if (!(error instanceof errors.ValidationError)) throw error;
    problems.push(...error.details.errors);
  }
  refuseLines(problems);
  return { city, route: await inquiryRoute(strapi, city), ...checked };
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
    const { city, route, lines, products } = await checkSent(strapi, data);
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
      city_slug: city.slug,
      city_name: city.name,
      province_slug: city.province_slug,
      province_name: city.province_name,
      note: data.note || null,
      // The calculator's rule (shipping-price.cjs); nothing to carry is nothing to pay.
      shipping_estimate: weightKg > 0 ? (shippingPrice(route, weightKg / 1000)?.total ?? null) : 0,
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
      if (!inquiry) throw new errors.NotFoundError('استعلامی با این شناسه در حساب شما نیست.');
      if (!CANCELLABLE.includes(inquiry.status))
        conflict(ctx, `استعلامی در وضعیت ${statusFa(inquiry.status)} دیگر لغوشدنی نیست.`, {
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
      if (!inquiry) throw new errors.NotFoundError('استعلامی با این شناسه در حساب شما نیست.');
      if (inquiry.status !== 'quoted') {
        const why = {
          accepted: 'این پیش‌فاکتور پیش‌تر پذیرفته شده است.',
          expired: 'مهلت این پیش‌فاکتور گذشته است؛ استعلام تازه‌ای بفرستید.',
        };
        conflict(
          ctx,
          why[inquiry.status] || `استعلامی در وضعیت ${statusFa(inquiry.status)} پیش‌فاکتوری برای پذیرش ندارد.`,
          {
            status: inquiry.status,
          },
        );
      }
      const at = new Date().toISOString();
      const history = [...(inquiry.status_history || []), { status: 'accepted', at }];
      // Claimed with one conditional write, so two accepts at once make one order.
      const claimed = await strapi.db.query(UID).updateMany({
        where: { id: inquiry.id, status: 'quoted' },
        data: { status: 'accepted', status_history: history },
      });
      if (!claimed.count) conflict(ctx, 'این پیش‌فاکتور پیش‌تر پذیرفته شده است.', { status: 'accepted' });

      let order;
      try {
        // Priced whole, or its status would not be quoted (the quote action checks every line).
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
              quoted_unit_price: l.quoted_unit_price,
              weight_kg: l.weight_kg,
              illustrative: false,
            })),
            status: 'proforma_issued',
            status_history: [{ status: 'proforma_issued', at }],
            // The quote's own figures: the panel shows the order as it was quoted, never an estimate.
            lines_total: totals.lines,
            shipping_price: totals.shipping,
            tax_rate_percent: inquiry.tax_rate_percent,
            tax_price: totals.tax,
            total_price: totals.total,
            inquiry_number: inquiry.number,
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
      if (!isOperator(ctx)) throw refuse('قیمت‌گذاری استعلام کار کارشناس فروش است (با توکن API).');
      const body = ctx.request.body;
      if (!isPlainObject(body) || !isPlainObject(body.data))
        throw new errors.ValidationError('بدنهٔ درخواست باید «data» داشته باشد.');
      const data = body.data;
      const allowed = ['lines', 'quoted_shipping', 'operator_note', 'status', 'quote_expires_at'];
      const extra = Object.keys(data).filter((k) => !allowed.includes(k));
      if (extra.length)
        throw new errors.ValidationError(`کلیدهای ناشناخته: ${extra.join('، ')} (مجاز: ${allowed.join('، ')}).`);
      const id = ctx.params.id;
      const inquiry = DOCUMENT_ID.test(id || '')
        ? await strapi.documents(UID).findOne({ documentId: id, populate: ['lines'] })
        : null;
      if (!inquiry) throw new errors.NotFoundError('استعلامی با این شناسه در حساب شما نیست.');
      if (['accepted', 'cancelled'].includes(inquiry.status))
        conflict(ctx, `استعلامی در وضعیت ${statusFa(inquiry.status)} دیگر قیمت‌گذاری نمی‌شود.`, {
          status: inquiry.status,
        });

      const problems = [];
      const status = data.status ?? 'quoted';
      if (!['quoted', 'declined'].includes(status))
        problems.push({
          path: ['status'],
          message: 'وضعیت (status) یا quoted (قیمت داده شد) است یا declined (قیمتی داده نمی‌شود).',
        });
      const prices = new Map();
      if (data.lines !== undefined) {
        if (!Array.isArray(data.lines))
          problems.push({ path: ['lines'], message: 'اقلام (lines) باید فهرستی از قیمت هر قلم باشد.' });
        else
          data.lines.forEach((line, i) => {
            const slug = line && line.product_slug;
            const own = inquiry.lines.find((l) => l.product_slug === slug);
            const row = `ردیف ${persianFigure(i + 1)}`;
            if (!own) {
              problems.push({
                path: ['lines', i, 'product_slug'],
                message: `${row}: محصول «${slug ?? ''}» در این استعلام نیست.`,
              });
              return;
            }
            const price = readTypedNumber(line.quoted_unit_price, {
              ...QUOTED_UNIT_PRICE_RIAL,
              label: `قیمت واحد «${own.product_name ?? slug}» (quoted_unit_price)`,
            });
            if (price.error)
              problems.push({ path: ['lines', i, 'quoted_unit_price'], message: `${row}: ${price.error}` });
            else prices.set(slug, price.value);
          });
      }
      const lines = withoutIds(inquiry.lines).map((l) =>
        prices.has(l.product_slug) ? { ...l, quoted_unit_price: prices.get(l.product_slug) } : l,
      );
      if (status === 'quoted') {
        const unpriced = lines
          .filter((l) => !(Number(l.quoted_unit_price) > 0))
          .map((l) => l.product_name ?? l.product_slug);
        if (unpriced.length)
          problems.push({
            path: ['lines'],
            message: `برای قیمت‌دادن، هر قلم قیمت واحد (quoted_unit_price) می‌خواهد؛ بی‌قیمت: ${unpriced.map((n) => `«${n}»`).join('، ')}.`,
          });
      }
      let shipping;
      if (data.quoted_shipping !== undefined) {
        const reading = readTypedNumber(data.quoted_shipping, {
          ...QUOTED_SHIPPING_RIAL,
          label: 'هزینهٔ حمل (quoted_shipping)',
        });
        if (reading.error) problems.push({ path: ['quoted_shipping'], message: reading.error });
        else shipping = reading.value;
      }
      if (data.quote_expires_at !== undefined && Number.isNaN(Date.parse(data.quote_expires_at)))
        problems.push({
          path: ['quote_expires_at'],
          message: 'مهلت پیش‌فاکتور (quote_expires_at) باید تاریخ و ساعت باشد، مثلاً 2026-03-01T12:00:00Z.',
        });
      if (data.operator_note != null && (typeof data.operator_note !== 'string' || data.operator_note.length > 2000))
        problems.push({
          path: ['operator_note'],
          message: 'یادداشت کارشناس (operator_note) متنی حداکثر ۲٬۰۰۰ نویسه است.',
        });
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
module.exports = withStaffReads(scoped);
