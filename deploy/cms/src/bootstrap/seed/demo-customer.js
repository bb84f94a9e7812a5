'use strict';

const { loadDemoCustomer } = require('../domain');
const { isOn } = require('../../utils/switch-setting');
const { DAY } = require('./dates');
const { existingKeys } = require('./documents');

/** The demo account of the README; the CMS tests sign in with it (tests/helpers.js). */
const DEMO = { username: 'demo', email: 'demo@example.com', password: 'Demo1234!', mobile: '09121234567' };
const HOUR = 60 * 60 * 1000;

/**
 * Whether this CMS has the demo customer: anyone can sign in as it with the password the README
 * publishes, so a production CMS has it only when asked (SEED_DEMO_CUSTOMER=on); elsewhere it is
 * there unless SEED_DEMO_CUSTOMER=off.
 */
const demoCustomerWanted = (env = process.env) =>
  isOn(env.SEED_DEMO_CUSTOMER, env.NODE_ENV === 'production' ? 'off' : 'on');

/** Whether the demo account exists (a database seeded before the ledger has it). */
const demoCustomerExists = async (strapi) =>
  Boolean(await strapi.db.query('plugin::users-permissions.user').findOne({ where: { email: DEMO.email } }));

/**
 * The demo customer and their own records (data/domain/demo-customer.json), the records naming the
 * catalogue's products by position. Returns what it wrote.
 */
async function seedDemoCustomer(strapi) {
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
  // The products as they are now: an editor may have removed some since the catalogue was seeded.
  const productIds = await existingKeys(strapi, 'api::product.product', 'slug');
  const slugs = [...productIds.keys()];
  const documentIdOf = (index) => productIds.get(slugs[index % slugs.length]);
  const product = async (index) =>
    strapi.documents('api::product.product').findOne({ documentId: documentIdOf(index), status: 'published' });
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
      data: { product: documentIdOf(index), notify: true, owner, added_price: then ? then.price : p.price },
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
  return `the account ${DEMO.username} / ${DEMO.email} / ${DEMO.password} with ${records.orders.length} orders, ${records.tickets.length} tickets`;
}

/**
 * A production CMS that did not ask for the demo customer yet has it (seeded by a version that
 * seeded it everywhere) with its published password: the account is blocked, so nobody signs in
 * with a password the README prints. Its records stay for the staff. Says so in the log.
 */
async function blockPublishedDemoCustomer(strapi) {
  const users = strapi.db.query('plugin::users-permissions.user');
  const user = await users.findOne({ where: { email: DEMO.email } });
  if (!user || user.blocked || !user.password) return;
  const published = await strapi
    .plugin('users-permissions')
    .service('user')
    .validatePassword(DEMO.password, user.password);
  if (!published) return;
  await users.update({ where: { id: user.id }, data: { blocked: true } });
  strapi.log.warn(
    `[seed] the demo customer ${DEMO.email} had the password the README publishes: blocked (SEED_DEMO_CUSTOMER=on keeps it)`,
  );
}

module.exports = { DEMO, demoCustomerWanted, demoCustomerExists, seedDemoCustomer, blockPublishedDemoCustomer };
