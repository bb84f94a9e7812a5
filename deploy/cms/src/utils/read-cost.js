'use strict';

const { requestedPageSize, toPopulateObject } = require('./query-limits');

/**
 * What one public read makes the database do, in cost units (one unit ≈ one row of plain columns):
 * the rows it asks for (its page size, at most the collection's size; one for an entry by id, a
 * single type, or a filter on a unique field), each priced
 *   1 + LARGE_FIELD_COST × (large fields it returns) + (the same, for each relation it populates).
 * Large fields are whole documents kept in one column (JSON such as a product's 90-point price
 * history, rich text): every one of them when `fields` is not named, else those named. A populated
 * relation costs one row of its target per row asked (never more than the target's size), priced
 * the same way, nested populates included. Measured: `products?pagination[pageSize]=100` answers
 * 390 KB (its price histories) where `fields=slug,price` answers 10 KB; they price 500 and 100.
 * Pure: the middleware (src/middlewares/public-reads.js) gives it the models and the sizes.
 */

/** Attribute types that hold a whole document in one column. */
const LARGE_TYPES = new Set(['json', 'richtext', 'blocks']);
/** A large field costs as much as this many rows of plain columns (a price history ≈ 3.4 KB). */
const LARGE_FIELD_COST = 2;

const POPULATABLE = new Set(['relation', 'media', 'component', 'dynamiczone']);
const UPLOAD_FILE = 'plugin::upload.file';

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * `fields` in Strapi's shapes (`a,b`, `[a, b]`, qs's `{0: a}`) as a list, or null when it names
 * none or asks for all of them (`*`, which Strapi reads as every field).
 */
function namedFields(fields) {
  if (fields === undefined || fields === null || fields === '') return null;
  const list = typeof fields === 'string' ? fields.split(',') : Array.isArray(fields) ? fields : Object.values(fields);
  const names = list.map((name) => String(name).trim()).filter(Boolean);
  return names.includes('*') ? null : names;
}

/** How many large fields a read of `model` returns: all it has when `fields` names none. */
function largeFields(model, fields) {
  const attributes = (model && model.attributes) || {};
  const named = namedFields(fields);
  const names = named ?? Object.keys(attributes).filter((name) => !attributes[name].private);
  return names.filter((name) => attributes[name] && LARGE_TYPES.has(attributes[name].type)).length;
}

/** The model a populated attribute reads: a relation's target, a component, the upload's files. */
function targetOf(attribute) {
  if (attribute.type === 'relation') return attribute.target;
  if (attribute.type === 'component') return attribute.component;
  if (attribute.type === 'media') return UPLOAD_FILE;
  return null;
}

/** Rows of `model` read `rows` times, with the fields and relations `node` asks for. */
function costOfRows(rows, model, node, context) {
  let cost = rows * (1 + LARGE_FIELD_COST * largeFields(model, node.fields));
  const populate = node.populate;
  if (populate === undefined || populate === null || populate === false || populate === 'false' || !model) return cost;
  const asObject = toPopulateObject(populate === true ? '*' : populate, model, context.models);
  for (const [name, value] of Object.entries(asObject)) {
    const attribute = model.attributes[name];
    // Unknown attributes are refused by Strapi's validation before any query.
    if (!attribute || !POPULATABLE.has(attribute.type)) continue;
    const target = targetOf(attribute);
    const targetModel = target ? context.models(target) : null;
    const related = Math.min(rows, target ? context.sizeOf(target) : Infinity);
    const child = isPlainObject(value) ? { fields: value.fields, populate: value.populate } : {};
    cost += costOfRows(related, targetModel, child, context);
  }
  return cost;
}

/** Whether `filters` picks entries by a unique field (`slug[$eq]`, `documentId[$in]`): how many, or null. */
function uniqueMatches(filters, model) {
  if (!isPlainObject(filters)) return null;
  const attributes = (model && model.attributes) || {};
  for (const [name, condition] of Object.entries(filters)) {
    const unique = name === 'id' || name === 'documentId' || (attributes[name] && attributes[name].type === 'uid');
    if (!unique) continue;
    if (typeof condition === 'string' || typeof condition === 'number') return 1;
    if (!isPlainObject(condition)) continue;
    if (condition.$eq !== undefined && !isPlainObject(condition.$eq)) return 1;
    if (condition.$in !== undefined) {
      const values = Array.isArray(condition.$in) ? condition.$in : Object.values(Object(condition.$in));
      if (values.length) return values.length;
    }
  }
  return null;
}

/**
 * The price of one read of `model` with the parsed `query`. `single`: the route reads one entry
 * (by id, or a single type). `sizeOf(uid)`: the rows a collection holds (Infinity when unknown).
 */
function priceOfRead(
  query,
  { model, models = () => null, single = false, sizeOf = () => Infinity, defaultPageSize = 25, maxPageSize = 100 },
) {
  const asked = requestedPageSize(query || {});
  const pageSize = asked === null ? defaultPageSize : Number.isFinite(asked) && asked > 0 ? asked : maxPageSize;
  const byUnique = uniqueMatches(query && query.filters, model);
  const rows = single ? 1 : Math.min(pageSize, maxPageSize, byUnique ?? Infinity, model ? sizeOf(model.uid) : Infinity);
  const context = { models, sizeOf };
  return Math.max(
    1,
    costOfRows(rows, model, { fields: query && query.fields, populate: query && query.populate }, context),
  );
}

module.exports = { priceOfRead, LARGE_FIELD_COST };
