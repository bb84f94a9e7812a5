'use strict';

const fs = require('fs');
const path = require('path');
const { domainDir } = require('../domain');

/**
 * The shipping rates per province and the commerce setting (tax rate, a quote's validity) from
 * data/domain/shipping-rates.json, into empty collections. Returns what it wrote.
 */
async function seedCommerce(strapi) {
  const { rates, commerce } = JSON.parse(fs.readFileSync(path.join(domainDir(), 'shipping-rates.json'), 'utf8'));
  for (const [i, rate] of rates.entries())
    await strapi.documents('api::shipping-rate.shipping-rate').create({ data: { ...rate, sort_order: i } });
  await strapi.documents('api::commerce-setting.commerce-setting').create({ data: commerce });
  return `+${rates.length} shipping rates, the commerce setting`;
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

module.exports = { seedCommerce, seedSeller, seedSalesContact };
