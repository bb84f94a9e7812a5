'use strict';

/** How often the collections' sizes are counted again (the seed and editors change them rarely). */
const SIZES_MAX_AGE_MS = 60_000;
const UPLOAD_FILE = 'plugin::upload.file';

/**
 * What a public read reads, for its price (src/utils/read-cost.js): the content type a REST path
 * names and whether it is one entry, and how many rows each collection holds (published ones for
 * draft-and-publish types), counted once a minute. Routes of no content type (search, catalogue
 * views, users) are priced as one default page.
 */
function readTargets(strapi, prefix) {
  let routes = null;
  const routesByName = () => {
    if (routes) return routes;
    routes = new Map();
    for (const [uid, contentType] of Object.entries(strapi.contentTypes)) {
      if (!uid.startsWith('api::')) continue;
      const { pluralName, singularName } = contentType.info;
      if (contentType.kind === 'singleType') routes.set(singularName, { uid, single: true });
      else routes.set(pluralName, { uid, single: false });
    }
    return routes;
  };

  /**
   * { model, single } for `/api/products`, `/api/products/<id>`, `/api/<single type>`; null otherwise.
   * Read as the router reads it: any case, encoded characters decoded, trailing slashes dropped.
   */
  const targetOf = (path) => {
    let routed;
    try {
      routed = decodeURIComponent(path.slice(prefix.length + 1));
    } catch {
      return null; // the router answers it 400/404
    }
    const [name, id, ...rest] = routed.replace(/\/+$/, '').split('/');
    const route = routesByName().get(name.toLowerCase());
    if (!route || rest.length || (id !== undefined && (route.single || !id))) return null;
    return { model: strapi.getModel(route.uid), single: route.single || id !== undefined };
  };

  let sizes = new Map();
  let countedAt = -Infinity;
  let counting = null;
  const count = async () => {
    const next = new Map();
    for (const uid of [...routesByName().values()].map((r) => r.uid).concat(UPLOAD_FILE)) {
      const contentType = strapi.contentTypes[uid];
      if (!contentType) continue;
      const published = contentType.options && contentType.options.draftAndPublish;
      next.set(uid, await strapi.db.query(uid).count(published ? { where: { publishedAt: { $notNull: true } } } : {}));
    }
    sizes = next;
    countedAt = Date.now();
  };
  /** Counts at the first read, then again in the background once the counts are a minute old. */
  const ready = async () => {
    if (Date.now() - countedAt < SIZES_MAX_AGE_MS) return;
    counting ??= count()
      .catch((error) => strapi.log.warn(`public reads: collection sizes not counted: ${error.message}`))
      .finally(() => (counting = null));
    if (countedAt === -Infinity) await counting;
  };
  const sizeOf = (uid) => sizes.get(uid) ?? Infinity;

  return { targetOf, ready, sizeOf, models: (uid) => strapi.getModel(uid) };
}

module.exports = { readTargets };
