'use strict';

const { errors } = require('@strapi/utils');

/**
 * The lines of an inquiry basket and of a sent inquiry: [{ product_slug, quantity }] (a sent one adds
 * weight_kg). Checked before anything is written, refused with one 400 naming every failing line and
 * the value it had, as the public forms are (utils/form-rules.js).
 */
const MAX_LINES = 50;
const MAX_QUANTITY = 100000;
const MAX_WEIGHT_KG = 10000000;

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const shown = (value) => JSON.stringify(value === undefined ? null : value);

// A number sent as a number or as a numeric string (a form's value), else NaN.
const asNumber = (value) => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
};
const atMostThreeDecimals = (n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6;

function refuseLines(problems) {
  if (problems.length === 0) return;
  throw new errors.ValidationError(problems.map((p) => p.message).join('; '), {
    errors: problems.map(({ path, message }) => ({ path, message, name: 'ValidationError' })),
  });
}

/**
 * Checks the shape of every line and that each names a published product; returns the lines
 * normalised (numbers as numbers) and the products by slug.
 */
async function checkLines(strapi, lines, { withWeight = false } = {}) {
  if (!Array.isArray(lines) || lines.length === 0)
    refuseLines([{ path: ['lines'], message: 'lines must be a non-empty array' }]);
  if (lines.length > MAX_LINES)
    refuseLines([{ path: ['lines'], message: `lines may hold at most ${MAX_LINES} products (got ${lines.length})` }]);
  const problems = [];
  const seen = new Set();
  const normalised = lines.map((line, i) => {
    if (!isPlainObject(line)) {
      problems.push({ path: ['lines', i], message: `lines[${i}] must be an object (got ${shown(line)})` });
      return null;
    }
    const allowed = withWeight ? ['product_slug', 'quantity', 'weight_kg'] : ['product_slug', 'quantity'];
    const extra = Object.keys(line).filter((k) => !allowed.includes(k));
    if (extra.length)
      problems.push({ path: ['lines', i], message: `lines[${i}] has unknown key(s): ${extra.join(', ')}` });
    const slug = line.product_slug;
    if (typeof slug !== 'string' || !slug || slug.length > 200)
      problems.push({
        path: ['lines', i, 'product_slug'],
        message: `lines[${i}].product_slug must be a product's slug (got ${shown(slug)})`,
      });
    else if (seen.has(slug))
      problems.push({
        path: ['lines', i, 'product_slug'],
        message: `lines[${i}].product_slug "${slug}" appears twice`,
      });
    seen.add(slug);
    const quantity = asNumber(line.quantity);
    if (!(quantity > 0 && quantity <= MAX_QUANTITY && atMostThreeDecimals(quantity)))
      problems.push({
        path: ['lines', i, 'quantity'],
        message: `lines[${i}].quantity must be more than 0 and at most ${MAX_QUANTITY}, with at most 3 decimals (got ${shown(line.quantity)})`,
      });
    const out = { product_slug: slug, quantity };
    if (withWeight) {
      const weight = asNumber(line.weight_kg);
      if (!(weight >= 0 && weight <= MAX_WEIGHT_KG))
        problems.push({
          path: ['lines', i, 'weight_kg'],
          message: `lines[${i}].weight_kg must be a number from 0 to ${MAX_WEIGHT_KG} (got ${shown(line.weight_kg)})`,
        });
      out.weight_kg = weight;
    }
    return out;
  });
  refuseLines(problems);

  const slugs = normalised.map((l) => l.product_slug);
  const products = await strapi.documents('api::product.product').findMany({
    filters: { slug: { $in: slugs } },
    status: 'published',
    fields: ['slug', 'name', 'unit', 'sale_unit', 'price', 'illustrative'],
    limit: slugs.length,
  });
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  normalised.forEach((line, i) => {
    if (!bySlug.has(line.product_slug))
      problems.push({
        path: ['lines', i, 'product_slug'],
        message: `lines[${i}].product_slug "${line.product_slug}" is not a published product`,
      });
  });
  refuseLines(problems);
  return { lines: normalised, products: bySlug };
}

/**
 * What a quote comes to, in rial (the pro-forma shows the same): each line is quantity × the quoted
 * price per sale unit, rounded to the rial; tax is charged on the lines and the shipping together.
 */
function quoteTotals({ lines, quoted_shipping: shipping, tax_rate_percent: taxRate }) {
  const linesTotal = lines.reduce((sum, l) => sum + Math.round(Number(l.quantity) * Number(l.quoted_unit_price)), 0);
  const shippingTotal = Number(shipping) || 0;
  const tax = Math.round(((linesTotal + shippingTotal) * (Number(taxRate) || 0)) / 100);
  return { linesTotal, shipping: shippingTotal, tax, total: linesTotal + shippingTotal + tax };
}

module.exports = { checkLines, quoteTotals, refuseLines, asNumber, MAX_LINES };
