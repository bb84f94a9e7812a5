'use strict';

/**
 * A sub-category's product listing, computed in the CMS so that the browser and the render
 * workers receive one page of products plus the facet counts, never the whole sub-category.
 * Pure functions (no Strapi): unit-tested in tests/catalogue-listing.test.js (pure, no CMS).
 *
 * Facets are disjunctive, as shoppers expect: the counts of one attribute's values are taken
 * over the products matching every *other* attribute's selection, so ticking «۱۲» under diameter
 * still shows how many «۱۴» there are. Values within one attribute are OR-ed, attributes AND-ed.
 */

// Price now against the day before: the kit's rule, which the product and compare pages use too.
const { dailyChange } = require('./site-rules');

const PAGE_SIZE = 24;
const SORTS = ['price-asc', 'price-desc', 'name'];
const faCollator = new Intl.Collator('fa', { numeric: true });

/** The text a value is filtered and counted by (numbers and strings alike). */
const valueKey = (value) => (value === null || value === undefined || value === '' ? null : String(value));

/** The media fields a list shows an image by (the app server resizes it: /_/img). */
const imageOf = (images) => {
  const first = Array.isArray(images) ? images[0] : images;
  return first
    ? { url: first.url, width: first.width, height: first.height, alternativeText: first.alternativeText ?? null }
    : null;
};

/** A product as lists show it: price as a number (the CMS keeps rial as a big integer), its change, its first image, no history. */
function listedProduct({ price_history, sort_order, images, ...product }) {
  const price = product.price === null || product.price === undefined ? null : Number(product.price);
  return { ...product, price, image: imageOf(images), change: dailyChange({ price_history, price }) };
}

/**
 * Keeps only the attributes the sub-category lists and the values some product has: an unknown
 * filter in a shared link is ignored, never an error.
 */
function applicableFilters(requested, attributes, products) {
  const applied = {};
  for (const attribute of attributes) {
    const raw = requested?.[attribute];
    const wanted = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
    if (wanted.length === 0) continue;
    const present = new Set(products.map((p) => valueKey(p.attributes?.[attribute])).filter(Boolean));
    const kept = [...new Set(wanted)].filter((value) => present.has(value));
    if (kept.length) applied[attribute] = kept;
  }
  return applied;
}

const matches = (product, filters, except) =>
  Object.entries(filters).every(
    ([attribute, values]) => attribute === except || values.includes(valueKey(product.attributes?.[attribute])),
  );

function compareValues(a, b) {
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return faCollator.compare(a, b);
}

function facetsOf(products, attributes, filters) {
  return attributes
    .map((attribute) => {
      const counts = new Map();
      for (const product of products) {
        const key = valueKey(product.attributes?.[attribute]);
        if (key === null || !matches(product, filters, attribute)) continue;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      // A ticked value stays listed (with 0) even when other filters leave none of it.
      for (const value of filters[attribute] ?? []) if (!counts.has(value)) counts.set(value, 0);
      const values = [...counts.entries()]
        .sort(([a], [b]) => compareValues(a, b))
        .map(([value, count]) => ({ value, count, selected: (filters[attribute] ?? []).includes(value) }));
      return { attribute, values };
    })
    .filter((facet) => facet.values.length > 0);
}

const SORTERS = {
  // No price («call us») goes last whichever way prices are sorted.
  'price-asc': (a, b) => (Number(a.price) || Infinity) - (Number(b.price) || Infinity),
  'price-desc': (a, b) => (Number(b.price) || -Infinity) - (Number(a.price) || -Infinity),
  name: (a, b) => faCollator.compare(a.name, b.name),
  catalogue: (a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0) || faCollator.compare(a.name, b.name),
};

/** Whole numbers from 1; anything else is page 1. */
const pageNumber = (raw) => {
  const n = Number.parseInt(String(raw ?? ''), 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
};

/**
 * products: the sub-category's published products (attributes, price, price_history, …);
 * attributes: the sub-category's listed attribute keys; query: { filters, sort, page }.
 * `whole`: every matching product on one page (a price table lists them all, without pictures).
 */
function buildListing(products, attributes, query = {}, { whole = false } = {}) {
  const filters = applicableFilters(query.filters, attributes, products);
  const sort = SORTS.includes(query.sort) ? query.sort : null;
  const matching = products.filter((product) => matches(product, filters)).sort(SORTERS[sort ?? 'catalogue']);
  const pageSize = whole ? Math.max(1, matching.length) : PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  // Past the last page (a stale link after a filter change) shows the last page.
  const page = Math.min(pageNumber(query.page), pageCount);
  return {
    products: matching.slice((page - 1) * pageSize, page * pageSize).map(listedProduct),
    total: matching.length,
    page,
    pageSize,
    pageCount,
    sort,
    filters,
    facets: facetsOf(products, attributes, filters),
  };
}

/**
 * What the app server needs to know of a listing's query before it renders it (the page state,
 * src/api/page-state): every value each listed attribute has among the sub-category's products
 * (whatever else is ticked), and how many products the requested filters leave.
 */
function listingState(products, attributes, requested) {
  const values = {};
  for (const { attribute, values: counted } of facetsOf(products, attributes, {}))
    values[attribute] = counted.map(({ value }) => value);
  const filters = applicableFilters(requested, attributes, products);
  return { values, total: products.filter((product) => matches(product, filters)).length };
}

module.exports = { buildListing, listingState, dailyChange, listedProduct, imageOf, PAGE_SIZE };
