'use strict';

const { errors } = require('@strapi/utils');
const { inquiryWeight, kgPerQuantityUnit, persianFigure, readLineQuantity } = require('./site-rules');

/**
 * The lines of an inquiry basket and of a sent inquiry: [{ product_slug, quantity }]. Checked
 * before anything is written, refused with one 400 naming every failing line in Persian, as the
 * browser names it: each quantity is read by the kit's one reader and held to its product's limit
 * in its sale unit, the whole to an inquiry's weight (mf-shared/src/price/quantity-limits.cjs).
 * The CMS weighs each line itself by the same sale-unit rules; a `weight_kg` a client still sends
 * is accepted and ignored.
 */
const MAX_LINES = 50;

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

// Each refusal names its field in Persian (the message) and by its path (details.errors[].path).
function refuseLines(problems) {
  if (problems.length === 0) return;
  // One sentence per problem, joined as Persian joins clauses: «…؛ …».
  const sentence = problems.map((p) => p.message.replace(/\.$/, '')).join('؛ ');
  throw new errors.ValidationError(`${sentence}.`, {
    errors: problems.map(({ path, message }) => ({ path, message, name: 'ValidationError' })),
  });
}

const row = (i) => `ردیف ${persianFigure(i + 1)}`;

/**
 * Checks every line against the published products; returns the lines normalised (quantities as
 * numbers, each with the weight the CMS gives it, 0 where the data gives none) and the products
 * by slug.
 */
async function checkLines(strapi, lines) {
  if (!Array.isArray(lines) || lines.length === 0)
    refuseLines([{ path: ['lines'], message: 'اقلام (lines) باید فهرستی با دست‌کم یک قلم باشد.' }]);
  if (lines.length > MAX_LINES)
    refuseLines([
      {
        path: ['lines'],
        message: `یک استعلام حداکثر ${persianFigure(MAX_LINES)} قلم دارد؛ این یکی ${persianFigure(lines.length)} قلم است.`,
      },
    ]);
  const problems = [];
  const seen = new Set();
  const shaped = lines.map((line, i) => {
    if (!isPlainObject(line)) {
      problems.push({ path: ['lines', i], message: `${row(i)}: هر قلم باید شیئی با product_slug و quantity باشد.` });
      return null;
    }
    const extra = Object.keys(line).filter((k) => !['product_slug', 'quantity', 'weight_kg'].includes(k));
    if (extra.length)
      problems.push({ path: ['lines', i], message: `${row(i)}: کلیدهای ناشناخته: ${extra.join('، ')}.` });
    const slug = line.product_slug;
    if (typeof slug !== 'string' || !slug || slug.length > 200) {
      problems.push({ path: ['lines', i, 'product_slug'], message: `${row(i)}: محصول (product_slug) را نام ببرید.` });
      return null;
    }
    if (seen.has(slug)) {
      problems.push({ path: ['lines', i, 'product_slug'], message: `${row(i)}: این محصول دو بار آمده است.` });
      return null;
    }
    seen.add(slug);
    return { product_slug: slug, quantity: line.quantity, index: i };
  });
  refuseLines(problems);

  const slugs = shaped.map((l) => l.product_slug);
  const products = await strapi.documents('api::product.product').findMany({
    filters: { slug: { $in: slugs } },
    status: 'published',
    fields: ['slug', 'name', 'unit', 'sale_unit', 'price', 'illustrative', 'attributes'],
    limit: slugs.length,
  });
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const normalised = shaped.map(({ product_slug: slug, quantity, index }) => {
    const product = bySlug.get(slug);
    if (!product) {
      problems.push({
        path: ['lines', index, 'product_slug'],
        message: `${row(index)}: محصولی با نشانی «${slug}» فروخته نمی‌شود.`,
      });
      return null;
    }
    const reading = readLineQuantity(quantity, product, { label: `مقدار «${product.name}»` });
    if (reading.error) {
      problems.push({ path: ['lines', index, 'quantity'], message: `${row(index)}: ${reading.error}` });
      return null;
    }
    const perUnit = kgPerQuantityUnit(product);
    return {
      product_slug: slug,
      quantity: reading.value,
      weight_kg: perUnit === null ? 0 : Math.round(perUnit * reading.value * 1000) / 1000,
    };
  });
  refuseLines(problems);
  const { error } = inquiryWeight(normalised.map((l) => ({ item: bySlug.get(l.product_slug), quantity: l.quantity })));
  if (error) refuseLines([{ path: ['lines'], message: error }]);
  return { lines: normalised, products: bySlug };
}

module.exports = { checkLines, refuseLines, isPlainObject, MAX_LINES };
