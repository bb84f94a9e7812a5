'use strict';

const { errors } = require('@strapi/utils');
const { ownerScopedController, customerStatusChange, refuse } = require('../../../utils/owner-scoped');
const { loadOrderWorkflow } = require('../../../bootstrap/domain');
const { ORDER_QUANTITY, readTypedNumber } = require('../../../utils/site-rules');

// Statuses from which a customer may cancel: before the order is paid for. One list for the CMS,
// which enforces it, and the panel, which only offers the button: data/domain/order-workflow.json,
// read here as the seed data is (the CMS cannot import the panel's packages, nor the panel the CMS).
const CANCELLABLE = loadOrderWorkflow().order.customer_cancellable_from;

// Items are sent as [{product_slug, quantity}]; name, sale unit and the (illustrative) unit price
// are filled in on the server from the published product. Status always starts at pending_review.
const fillItems = async (strapi, items) => {
  if (!Array.isArray(items) || items.length === 0) throw new errors.ValidationError('An order needs at least one item');
  if (items.length > 100) throw new errors.ValidationError('An order may have at most 100 items');
  const slugs = [...new Set(items.map((i) => i && i.product_slug))];
  const products = await strapi.documents('api::product.product').findMany({
    filters: { slug: { $in: slugs } },
    status: 'published',
    fields: ['slug', 'name', 'sale_unit', 'price', 'illustrative'],
    limit: slugs.length,
  });
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  return items.map((item) => {
    const p = bySlug.get(item.product_slug);
    if (!p) throw new errors.ValidationError(`Unknown product: ${item.product_slug}`);
    // The panel's form reads the figure by the same rule: what it refuses, this refuses.
    const quantity = readTypedNumber(item.quantity, { ...ORDER_QUANTITY, label: `مقدار «${p.name}»` });
    if (quantity.error) throw new errors.ValidationError(quantity.error, { key: 'quantity' });
    return {
      product_slug: p.slug,
      product_name: p.name,
      quantity: quantity.value,
      sale_unit: p.sale_unit,
      unit_price: p.price,
      illustrative: p.illustrative,
    };
  });
};

// A quote's figures are the CMS's to write (an accepted quote, api/inquiry), never a customer's.
const QUOTE_FIELDS = ['lines_total', 'shipping_price', 'tax_rate_percent', 'tax_price', 'inquiry_number'];
const withoutQuote = (data) => Object.fromEntries(Object.entries(data).filter(([k]) => !QUOTE_FIELDS.includes(k)));

module.exports = ownerScopedController('api::order.order', {
  allowDelete: false,
  async beforeCreate(data, { strapi }) {
    const now = new Date().toISOString();
    const items = await fillItems(strapi, data.items);
    const number = `SO-${Date.now().toString(36).toUpperCase()}-${Math.floor(Math.random() * 1296)
      .toString(36)
      .toUpperCase()}`;
    return {
      ...withoutQuote(data),
      items,
      number,
      status: 'pending_review',
      status_history: [{ status: 'pending_review', at: now }],
      total_price: null,
    };
  },
  async beforeUpdate(data, ctx) {
    const { existing, strapi } = ctx;
    for (const k of ['number', 'status_history', 'total_price', ...QUOTE_FIELDS]) delete data[k];
    data = customerStatusChange({ allowed: ['cancelled'], from: CANCELLABLE })(data, ctx);
    if (existing.status !== 'pending_review' && Object.keys(data).some((k) => k !== 'status')) {
      throw refuse('Only an order in pending_review can be edited');
    }
    if (data.items !== undefined) data.items = await fillItems(strapi, data.items);
    if (data.status)
      data.status_history = [...(existing.status_history || []), { status: data.status, at: new Date().toISOString() }];
    return data;
  },
});
