'use strict';

const fs = require('fs');
const path = require('path');
const { domainDir } = require('../domain');

/**
 * The commerce setting (tax rate, a quote's validity) from data/domain/commerce-setting.json.
 * Returns what it wrote.
 */
async function seedCommerce(strapi) {
  const { commerce } = JSON.parse(fs.readFileSync(path.join(domainDir(), 'commerce-setting.json'), 'utf8'));
  await strapi.documents('api::commerce-setting.commerce-setting').create({ data: commerce });
  return 'the commerce setting';
}

/**
 * The shipping rules from data/domain/shipping-routes.json: the cities, each route from an origin
 * to a destination with its tonnage tiers. Returns what it wrote.
 */
async function seedShippingRoutes(strapi) {
  const {
    cities,
    routes,
    inquiry_origin_slug: inquiryOrigin,
  } = JSON.parse(fs.readFileSync(path.join(domainDir(), 'shipping-routes.json'), 'utf8'));
  for (const [i, city] of cities.entries())
    await strapi
      .documents('api::shipping-city.shipping-city')
      .create({ data: { ...city, inquiry_origin: city.slug === inquiryOrigin, sort_order: i } });
  for (const route of routes) await strapi.documents('api::shipping-route.shipping-route').create({ data: route });
  return `+${cities.length} shipping cities, +${routes.length} shipping routes`;
}

/**
 * The seller's details every pro-forma carries (legal name, national ID, economic code, address,
 * phone) from data/domain/seller.json. Returns what it wrote.
 */
async function seedSeller(strapi) {
  const { seller } = JSON.parse(fs.readFileSync(path.join(domainDir(), 'seller.json'), 'utf8'));
  await strapi.documents('api::seller.seller').create({ data: seller });
  return `the seller «${seller.legal_name}»`;
}

/**
 * The sales phone and messenger accounts the site links to, from data/domain/sales-contact.json.
 * Returns what it wrote.
 */
async function seedSalesContact(strapi) {
  const { sales_contact: contact } = JSON.parse(fs.readFileSync(path.join(domainDir(), 'sales-contact.json'), 'utf8'));
  await strapi.documents('api::sales-contact.sales-contact').create({ data: contact });
  return `the sales contact (phone ${contact.phone})`;
}

/**
 * The terms of buying on credit the /credit page explains and a credit request is checked
 * against, from data/domain/credit-terms.json. Returns what it wrote.
 */
async function seedCreditSetting(strapi) {
  const { credit_setting: terms } = JSON.parse(fs.readFileSync(path.join(domainDir(), 'credit-terms.json'), 'utf8'));
  await strapi.documents('api::credit-setting.credit-setting').create({ data: terms });
  return `the credit terms («${terms.title}»)`;
}

module.exports = { seedCommerce, seedShippingRoutes, seedSeller, seedSalesContact, seedCreditSetting };
