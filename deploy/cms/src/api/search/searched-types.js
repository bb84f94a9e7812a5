'use strict';

/**
 * What the site search looks through, in the order its groups are shown
 * (categories, sub-categories, products, factories, articles). For each type: the fields its
 * `search_text` is made of (own fields only, so an entry's text never depends on another entry),
 * the fields an answer carries, and the catalogue's own order for equally good matches.
 */
// In the keys' sorted order, not the object's: PostgreSQL's jsonb gives the keys back in its own
// order (shorter keys first), SQLite's JSON text in the order written, so the text of the same
// entry differed by database (and the start-time refresh rewrote every such row on PostgreSQL).
// The order matters because toSearchText's space-less form joins neighbouring values.
const attributeValues = (attributes) =>
  attributes && typeof attributes === 'object'
    ? (Array.isArray(attributes)
        ? attributes
        : Object.keys(attributes)
            .sort()
            .map((key) => attributes[key])
      ).filter((v) => typeof v === 'string' || typeof v === 'number')
    : [];

const SEARCHED_TYPES = [
  {
    group: 'categories',
    uid: 'api::category.category',
    sources: ['title', 'title_en'],
    text: (e) => [e.title, e.title_en],
    select: ['documentId', 'slug', 'title', 'title_en'],
    orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
    item: (e) => ({ documentId: e.documentId, slug: e.slug, title: e.title, subtitle: e.title_en ?? null }),
  },
  {
    group: 'subCategories',
    uid: 'api::sub-category.sub-category',
    sources: ['title', 'title_en', 'group_title'],
    text: (e) => [e.title, e.title_en, e.group_title],
    select: ['documentId', 'slug', 'path', 'title', 'group_title'],
    orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
    item: (e) => ({
      documentId: e.documentId,
      slug: e.slug,
      title: e.title,
      subtitle: e.group_title ?? null,
      path: e.path,
    }),
  },
  {
    group: 'products',
    uid: 'api::product.product',
    sources: ['name', 'producer_name', 'attributes'],
    text: (e) => [e.name, e.producer_name, attributeValues(e.attributes)],
    select: ['documentId', 'slug', 'name', 'producer_name'],
    populate: { sub_category: { select: ['path', 'title'] } },
    orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
    item: (e) => ({
      documentId: e.documentId,
      slug: e.slug,
      title: e.name,
      subtitle: e.sub_category?.title ?? e.producer_name ?? null,
      path: e.sub_category?.path ?? null,
    }),
  },
  {
    group: 'factories',
    uid: 'api::factory.factory',
    sources: ['name', 'name_en', 'aka', 'city', 'province'],
    text: (e) => [e.name, e.name_en, Array.isArray(e.aka) ? e.aka : [], e.city, e.province],
    select: ['documentId', 'slug', 'name', 'city'],
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    item: (e) => ({ documentId: e.documentId, slug: e.slug, title: e.name, subtitle: e.city ?? null }),
  },
  {
    group: 'articles',
    uid: 'api::article.article',
    sources: ['title', 'excerpt', 'tags'],
    text: (e) => [e.title, Array.isArray(e.tags) ? e.tags : [], e.excerpt],
    select: ['documentId', 'slug', 'title', 'publish_date'],
    orderBy: [{ publish_date: 'desc' }, { id: 'desc' }],
    item: (e) => ({ documentId: e.documentId, slug: e.slug, title: e.title, subtitle: null }),
  },
];

module.exports = { SEARCHED_TYPES };
