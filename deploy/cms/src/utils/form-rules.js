'use strict';

const { errors } = require('@strapi/utils');
const { normaliseMobile } = require('./mobile');
const { readTypedNumber, WAREHOUSE_DAYS, WAREHOUSE_TONNES } = require('./site-rules');

/**
 * The public forms' rules, the same as the site's form schemas (mf-catalogue/src/features/forms):
 * checked before a record is written, refused with one 400 naming every field that fails.
 */
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const latinDigits = (value) =>
  String(value)
    .replace(/[۰-۹]/g, (d) => String(PERSIAN.indexOf(d)))
    .replace(/[٠-٩]/g, (d) => String(ARABIC_INDIC.indexOf(d)));

// Missing or blank; a value of the wrong type is left to Strapi's own type check (its message names the type).
const blank = (value) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A landline with its area code or a mobile: 11 digits starting with 0 (as the panel's orders). */
function normalisePhone(value) {
  if (typeof value !== 'string') return null;
  const digits = latinDigits(value).replace(/[\s-]/g, '');
  return /^0\d{10}$/.test(digits) ? digits : null;
}

function refuse(problems) {
  if (problems.length === 0) return;
  throw new errors.ValidationError(problems.map((p) => p.message).join('; '), {
    errors: problems.map(({ path, message }) => ({ path: [path], message, name: 'ValidationError' })),
  });
}

/** Contact messages and export inquiries (kind `export`): who, an Iranian mobile to answer on, what. */
function checkContactMessage(data) {
  const problems = [];
  if (blank(data.name)) problems.push({ path: 'name', message: 'name is required' });
  const phone = normaliseMobile(data.phone);
  if (!phone) problems.push({ path: 'phone', message: 'phone must be an Iranian mobile number (09xxxxxxxxx)' });
  if (blank(data.message)) problems.push({ path: 'message', message: 'message is required' });
  if (data.kind === 'export' && blank(data.subject))
    problems.push({ path: 'subject', message: 'subject (the product asked about) is required for an export inquiry' });
  refuse(problems);
  return { ...data, phone };
}

/** Warehouse reservations: what to store, how much, a phone to call; dates and duration in range. */
function checkWarehouseReservation(data) {
  const problems = [];
  if (blank(data.product_description) && !data.product)
    problems.push({ path: 'product_description', message: 'product_description is required' });
  // The page's form reads both figures by the same rules (the kit's field-rules.cjs).
  const quantity = readTypedNumber(data.quantity_tonnes, WAREHOUSE_TONNES);
  if (quantity.error) problems.push({ path: 'quantity_tonnes', message: quantity.error });
  const days = readTypedNumber(data.duration_days, WAREHOUSE_DAYS);
  if (days.error) problems.push({ path: 'duration_days', message: days.error });
  const phone = normalisePhone(data.contact_phone);
  if (!phone) problems.push({ path: 'contact_phone', message: 'contact_phone must be 11 digits starting with 0' });
  if (data.start_date) {
    const today = new Date().toISOString().slice(0, 10);
    if (String(data.start_date) < today)
      problems.push({ path: 'start_date', message: 'start_date cannot be in the past' });
  }
  refuse(problems);
  return { ...data, quantity_tonnes: quantity.value, duration_days: days.value ?? null, contact_phone: phone };
}

module.exports = { checkContactMessage, checkWarehouseReservation, normalisePhone };
