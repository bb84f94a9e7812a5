'use strict';

/** Existing values of `field` (drafts and published rows alike) → documentId, in the order they were created. */
async function existingKeys(strapi, uid, field) {
  const rows = await strapi.db.query(uid).findMany({ select: [field, 'documentId'], orderBy: { id: 'asc' } });
  const map = new Map();
  for (const r of rows) map.set(r[field], r.documentId);
  return map;
}

async function createPublished(strapi, uid, data) {
  const doc = await strapi.documents(uid).create({ data, status: 'published' });
  return doc.documentId;
}

module.exports = { existingKeys, createPublished };
