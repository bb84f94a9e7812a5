'use strict';

// Published content: read-only for everyone. Customers' records: full CRUD for the authenticated
// role, scoped to the owner in the controllers (src/utils/owner-scoped.js). Contact form: public create.
// The content types everyone may read (find, findOne), signed in or not.
const PUBLICLY_READABLE = [
  'category',
  'sub-category',
  'product',
  'factory',
  'expert',
  'service',
  'static-page',
  'exchange-offer',
  'article',
  'shipping-city',
  'shipping-route',
];
const OWNED = [
  'order',
  'ticket',
  'watch-list-entry',
  'exchange-purchase-request',
  'warehouse-reservation',
  'contact-message',
  'inquiry',
  'price-alert',
  'credit-request',
];

const read = (name) => [`api::${name}.${name}.find`, `api::${name}.${name}.findOne`];
const crud = (name) => ['find', 'findOne', 'create', 'update', 'delete'].map((a) => `api::${name}.${name}.${a}`);

// The site search (src/api/search) reads published public content only.
const SEARCH = 'api::search.search.find';
// The tax rate and a quote's validity, and who sells (single types: one read each; a pro-forma shows them).
const COMMERCE_SETTING = 'api::commerce-setting.commerce-setting.find';
const SELLER = 'api::seller.seller.find';
// The sales phone and messenger accounts every public page links to (editors change them).
const SALES_CONTACT = 'api::sales-contact.sales-contact.find';
// The terms of buying on credit the /credit page explains (editors change them).
const CREDIT_SETTING = 'api::credit-setting.credit-setting.find';
// An inquiry's buyer accepts or cancels it and keeps one basket; pricing is the operator's (an API token).
const INQUIRY_ACTIONS = [
  'api::inquiry.inquiry.accept',
  'api::inquiry.inquiry.cancel',
  'api::inquiry-basket.inquiry-basket.findMine',
  'api::inquiry-basket.inquiry-basket.replaceMine',
];

const WANTED = {
  public: [
    ...PUBLICLY_READABLE.flatMap(read),
    SEARCH,
    COMMERCE_SETTING,
    SELLER,
    SALES_CONTACT,
    CREDIT_SETTING,
    'api::contact-message.contact-message.create',
  ],
  authenticated: [
    ...PUBLICLY_READABLE.flatMap(read),
    SEARCH,
    COMMERCE_SETTING,
    SELLER,
    SALES_CONTACT,
    CREDIT_SETTING,
    ...OWNED.flatMap(crud),
    ...INQUIRY_ACTIONS,
    'api::ticket.ticket.addMessage',
    // Notifications are the site's to write: the customer reads them and marks them read.
    ...read('notification'),
    'api::notification.notification.update',
    'plugin::users-permissions.user.updateMe',
    'plugin::users-permissions.user.deleteMe',
  ],
};

// Anything under api:: that a role holds but is not wanted is removed (e.g. granted by hand in the admin).
// `user.updateMe` (PUT /users/me) and `user.deleteMe` (DELETE /users/me), src/extensions/users-permissions,
// are the customer's own profile and account.
async function setPermissions(strapi) {
  const roles = await strapi.db
    .query('plugin::users-permissions.role')
    .findMany({ where: { type: { $in: Object.keys(WANTED) } } });
  for (const role of roles) {
    const wanted = new Set(WANTED[role.type]);
    const existing = await strapi.db
      .query('plugin::users-permissions.permission')
      .findMany({ where: { role: role.id } });
    const have = new Set(existing.map((p) => p.action));
    for (const p of existing) {
      if (p.action.startsWith('api::') && !wanted.has(p.action)) {
        await strapi.db.query('plugin::users-permissions.permission').delete({ where: { id: p.id } });
      }
    }
    for (const action of wanted) {
      if (!have.has(action)) {
        await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
      }
    }
  }
}

module.exports = { setPermissions, PUBLICLY_READABLE, OWNED };
