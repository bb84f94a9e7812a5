'use strict';

const { loadDemoCustomer } = require('../domain');
const { DAY } = require('./dates');

/** The demo account of the README; the CMS tests sign in with it (tests/helpers.js). */
const DEMO = { username: 'demo', email: 'demo@example.com', password: 'Demo1234!', mobile: '09121234567' };
const HOUR = 60 * 60 * 1000;

/** The demo customer and their own records (data/domain/demo-customer.json), once: a re-run finds the account and stops. */
async function seedDemoCustomer(strapi, log, productIds) {
  const users = strapi.db.query('plugin::users-permissions.user');
  if (await users.findOne({ where: { email: DEMO.email } })) return;
  const records = loadDemoCustomer();
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const user = await strapi
    .plugin('users-permissions')
    .service('user')
    .add({
      ...DEMO,
      provider: 'local',
      confirmed: true,
      blocked: false,
      role: role.id,
    });
  const owner = user.id;
  const slugs = [...productIds.keys()];
  const product = async (index) =>
    strapi.documents('api::product.product').findOne({ documentId: productIds.get(slugs[index]), status: 'published' });
  const item = async ({ product_index: index, quantity }) => {
    const p = await product(index);
    return {
      product_slug: p.slug,
      product_name: p.name,
      quantity,
      sale_unit: p.sale_unit,
      unit_price: p.price,
      illustrative: true,
    };
  };
  const now = Date.now();
  for (const [i, { items, ...order }] of records.orders.entries()) {
    const lines = [];
    for (const line of items) lines.push(await item(line));
    await strapi.documents('api::order.order').create({
      data: {
        number: order.number,
        status: order.status,
        items: lines,
        ...(order.note ? { note: order.note } : {}),
        delivery_address: order.delivery_address,
        contact_phone: DEMO.mobile,
        owner,
        status_history: [{ status: order.status, at: new Date(now - (records.orders.length - i) * DAY).toISOString() }],
      },
    });
  }
  for (const { messages, ...ticket } of records.tickets) {
    const thread = messages.map(({ sent_hours_ago: hoursAgo, ...message }) => ({
      ...message,
      sent_at: new Date(now - hoursAgo * HOUR).toISOString(),
    }));
    await strapi.documents('api::ticket.ticket').create({ data: { ...ticket, messages: thread, owner } });
  }
  // Added 30 and 60 days ago: the price then comes from the product's price history.
  for (const { product_index: index, days_ago: daysAgo } of records.watch_list) {
    const p = await product(index);
    const history = Array.isArray(p.price_history) ? p.price_history : [];
    const then = history[Math.max(0, history.length - 1 - daysAgo)];
    const entry = await strapi.documents('api::watch-list-entry.watch-list-entry').create({
      data: { product: productIds.get(slugs[index]), notify: true, owner, added_price: then ? then.price : p.price },
    });
    // The entry says when it was added: the day of that price, not the seed run.
    await strapi.db
      .query('api::watch-list-entry.watch-list-entry')
      .update({ where: { id: entry.id }, data: { createdAt: new Date(now - daysAgo * DAY) } });
  }
  for (const request of records.purchase_requests)
    await strapi
      .documents('api::exchange-purchase-request.exchange-purchase-request')
      .create({ data: { ...request, owner } });
  for (const reservation of records.warehouse_reservations)
    await strapi
      .documents('api::warehouse-reservation.warehouse-reservation')
      .create({ data: { ...reservation, owner } });
  log('demo customer created (demo / demo@example.com / Demo1234!)');
}

module.exports = { DEMO, seedDemoCustomer };
