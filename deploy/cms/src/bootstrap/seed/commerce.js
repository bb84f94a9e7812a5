'use strict';

const fs = require('fs');
const path = require('path');
const { domainDir } = require('../domain');
const { existingKeys } = require('./documents');

/**
 * The shipping rates per province and the commerce setting (tax rate, a quote's validity) from
 * data/domain/shipping-rates.json, once: an editor's later change is never overwritten.
 */
async function seedCommerce(strapi, log) {
  const { rates, commerce } = JSON.parse(fs.readFileSync(path.join(domainDir(), 'shipping-rates.json'), 'utf8'));
  const existing = await existingKeys(strapi, 'api::shipping-rate.shipping-rate', 'province_slug');
  let created = 0;
  for (const [i, rate] of rates.entries()) {
    if (existing.has(rate.province_slug)) continue;
    await strapi.documents('api::shipping-rate.shipping-rate').create({ data: { ...rate, sort_order: i } });
    created++;
  }
  const settings = strapi.documents('api::commerce-setting.commerce-setting');
  if (!(await settings.findFirst())) await settings.create({ data: commerce });
  log(`commerce: +${created} shipping rates`);
}

module.exports = { seedCommerce };
