'use strict';

/**
 * The rules that bound what one REST read may cost (measured before: a 10-level populate chain answered
 * 297 MB and held every other request for ~11 s). Pure functions over the parsed query and the
 * content-type schemas; src/middlewares/query-limits.js applies them.
 */

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Relation levels a dotted populate path asks for: `images` = 1, `products.producer` = 2. */
const pathDepth = (path) =>
  String(path)
    .split(',')
    .reduce((max, p) => {
      const trimmed = p.trim();
      return trimmed ? Math.max(max, trimmed.split('.').length) : max;
    }, 0);

/**
 * How many relation levels a `populate` parameter reaches, in any of Strapi's shapes:
 * `*`, `a.b`, `[a, b.c]`, `{a: true}`, `{a: {populate: {...}}}`, dynamic zones' `{on: {comp: {...}}}`.
 */
function populateDepth(populate) {
  if (populate === undefined || populate === null || populate === false || populate === 'false') return 0;
  if (typeof populate === 'string') return pathDepth(populate);
  if (Array.isArray(populate)) return populate.reduce((max, p) => Math.max(max, populateDepth(p)), 0);
  if (!isPlainObject(populate)) return 1;
  let max = 0;
  for (const [key, value] of Object.entries(populate)) {
    // qs turns populate[0]=a.b beyond its array limit into {"0": "a.b"}.
    if (/^\d+$/.test(key) && typeof value === 'string') max = Math.max(max, pathDepth(value));
    else max = Math.max(max, 1 + nodeDepth(value));
  }
  return max;
}

/** Levels below one populated attribute (its own populate, or its dynamic-zone components'). */
function nodeDepth(node) {
  if (!isPlainObject(node)) return 0;
  let max = populateDepth(node.populate);
  if (isPlainObject(node.on)) {
    for (const component of Object.values(node.on)) max = Math.max(max, nodeDepth(component));
  }
  return max;
}

const toInt = (v) => (v === undefined || v === null || v === '' ? null : Number(v));

/**
 * The page size a list read asks for, from `pagination[pageSize]` or `pagination[limit]`
 * (or the top-level `limit`/`pageSize` some clients send), or null when it asks none.
 * `-1` (Strapi's "everything") is returned as Infinity.
 */
function requestedPageSize(query) {
  const p = isPlainObject(query && query.pagination) ? query.pagination : {};
  const sizes = [p.pageSize, p.limit, query && query.limit, query && query.pageSize]
    .map(toInt)
    .filter((n) => n !== null);
  if (!sizes.length) return null;
  return sizes.reduce((max, n) => Math.max(max, n === -1 || Number.isNaN(n) ? Infinity : n), 0);
}

const TO_MANY = new Set(['oneToMany', 'manyToMany', 'morphToMany', 'morphMany']);
const POPULATABLE = new Set(['relation', 'media', 'component', 'dynamiczone']);

/** Turns `*`, `a.b`, `[a, b.c]` into the object shape, so every relation can carry a limit. */
function toPopulateObject(populate, model, models) {
  if (isPlainObject(populate)) {
    const out = {};
    for (const [key, value] of Object.entries(populate)) {
      if (/^\d+$/.test(key) && typeof value === 'string') Object.assign(out, toPopulateObject(value, model, models));
      else out[key] = value;
    }
    return out;
  }
  const paths = Array.isArray(populate) ? populate : String(populate).split(',');
  const out = {};
  for (const raw of paths) {
    const path = String(raw).trim();
    if (!path) continue;
    if (path === '*') {
      // As Strapi's own `*`: one level of everything populatable, never admin users or private links.
      for (const [name, attr] of Object.entries(model ? model.attributes : {})) {
        if (POPULATABLE.has(attr.type) && !attr.private && !String(attr.target || '').startsWith('admin::'))
          out[name] ??= true;
      }
      continue;
    }
    const [head, ...rest] = path.split('.');
    if (!rest.length) {
      out[head] ??= true;
      continue;
    }
    const node = isPlainObject(out[head]) ? out[head] : {};
    const tail = rest.join('.');
    node.populate = {
      ...(isPlainObject(node.populate) ? node.populate : {}),
      ...toPopulateObject(tail, targetModel(model, head, models), models),
    };
    out[head] = node;
  }
  return out;
}

const targetModel = (model, name, models) => {
  const attr = model && model.attributes[name];
  if (!attr) return null;
  if (attr.type === 'relation') return models(attr.target);
  if (attr.type === 'component') return models(attr.component);
  return null;
};

/**
 * Gives every populated to-many relation, at every level, a `limit` of at most `cap` rows.
 * Strapi's query engine applies such a limit to the one query that loads the relation for all
 * parents at once, so it bounds the rows of that relation in the whole response. `onCap(path)`
 * is told each capped path (`products`, `products.sub_category.products`). Returns a new populate
 * value; unknown attributes are left as they are for Strapi's own validation to refuse.
 */
function capNestedPopulate(populate, model, cap, models, onCap = () => undefined, prefix = '') {
  if (populate === undefined || populate === null || populate === false || !model) return populate;
  const object = toPopulateObject(populate, model, models);
  const out = {};
  for (const [name, value] of Object.entries(object)) {
    const attr = model.attributes[name];
    if (!attr || (value !== true && value !== 'true' && value !== '*' && !isPlainObject(value))) {
      out[name] = value;
      continue;
    }
    const node = isPlainObject(value) ? { ...value } : {};
    const path = prefix ? `${prefix}.${name}` : name;
    if (attr.type === 'relation' && TO_MANY.has(attr.relation) && !attr.relation.startsWith('morph')) {
      const asked = toInt(node.limit);
      if (asked === null || asked < 0 || asked > cap) node.limit = cap;
      onCap(path);
    }
    const target = targetModel(model, name, models);
    if (node.populate !== undefined && target)
      node.populate = capNestedPopulate(node.populate, target, cap, models, onCap, path);
    out[name] = Object.keys(node).length ? node : value;
  }
  return out;
}

/**
 * Counts the entries under each of `paths` in a REST answer's `data` (one entry or a list):
 * `total` summed over all parents, `largest` the longest single list: `{ products: {total: 328, largest: 4} }`.
 */
function countNestedEntries(data, paths) {
  const counts = {};
  const walk = (value, path) => {
    if (Array.isArray(value)) {
      value.forEach((v) => walk(v, path));
      return;
    }
    if (!isPlainObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (child === null || typeof child !== 'object') continue;
      const childPath = path ? `${path}.${key}` : key;
      if (!paths.has(childPath) && ![...paths].some((p) => p.startsWith(`${childPath}.`))) continue;
      if (paths.has(childPath) && Array.isArray(child)) {
        const c = (counts[childPath] ??= { total: 0, largest: 0 });
        c.total += child.length;
        c.largest = Math.max(c.largest, child.length);
      }
      walk(child, childPath);
    }
  };
  walk(data, '');
  return counts;
}

module.exports = {
  populateDepth,
  requestedPageSize,
  toPopulateObject,
  capNestedPopulate,
  countNestedEntries,
};
