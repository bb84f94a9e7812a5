'use strict';

const { errors } = require('@strapi/utils');
const { populateDepth, requestedPageSize, capNestedPopulate, countNestedEntries } = require('../utils/query-limits');

/**
 * Bounds what one REST call on /api may cost (measured before: a 10-level populate chain answered
 * 297 MB in ~10 s and every other request waited as long, Strapi answering on one thread):
 * - populate deeper than API_POPULATE_MAX_DEPTH relation levels (3) → 400 before any query runs;
 * - a page size above api.rest.maxLimit (100), or `-1` → 400 (Strapi would clamp it silently);
 * - a populated to-many relation, at any level, may hold at most maxLimit (100) entries for one
 *   parent and API_NESTED_MAX_TOTAL (250) in one answer, or → 400 (Strapi applies its page-size
 *   cap to the top level only); the database is never asked for more than one row over the total;
 * - a read answering more than API_RESPONSE_MAX_BYTES (1 MB) → 400 instead of the body;
 * - a read taking longer than API_REQUEST_TIMEOUT_MS (8 s) → 400 (the query itself cannot be
 *   cancelled: with PostgreSQL the caller is answered at the limit, with SQLite — whose queries
 *   block the thread — once the handler is done, without the body).
 * Each refusal says which limit it hit and its value.
 */
module.exports = (config, { strapi }) => {
  const prefix = strapi.config.get('api.rest.prefix', '/api');
  const env = (name, fallback) => {
    const n = Number(process.env[name]);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  const maxDepth = env('API_POPULATE_MAX_DEPTH', config.maxDepth ?? 3);
  const maxPageSize = strapi.config.get('api.rest.maxLimit', 100);
  // Enough for the whole category tree (10 categories, 101 sub-categories) in one answer.
  const nestedTotal = env('API_NESTED_MAX_TOTAL', config.nestedTotal ?? 250);
  // The largest answer the site needs, 100 products with everything populated, is ~0.6 MB.
  const maxBytes = env('API_RESPONSE_MAX_BYTES', config.maxBytes ?? 1024 * 1024);
  const timeoutMs = env('API_REQUEST_TIMEOUT_MS', config.timeoutMs ?? 8000);

  const isContentApi = (path) => path === prefix || (typeof path === 'string' && path.startsWith(`${prefix}/`));

  // Strapi's REST and Document Service validation refuse `limit` inside populate, but its query
  // engine honours it (for all parents at once): one row over the cap is asked for in the database
  // query itself, and an answer that holds it is refused below rather than silently cut.
  const capQuery = (event) => {
    const ctx = strapi.requestContext.get();
    if (!ctx || !isContentApi(ctx.path) || !event.params || !event.params.populate) return;
    if (!String(event.model.uid).startsWith('api::')) return;
    const model = strapi.getModel(event.model.uid);
    const populate = event.params.populate === true ? '*' : event.params.populate;
    ctx.state.cappedRelations ??= new Set();
    const record = (path) => ctx.state.cappedRelations.add(path);
    event.params.populate = capNestedPopulate(populate, model, nestedTotal + 1, (uid) => strapi.getModel(uid), record);
  };
  strapi.db.lifecycles.subscribe({ beforeFindMany: capQuery, beforeFindOne: capQuery });

  return async (ctx, next) => {
    if (!isContentApi(ctx.path)) return next();

    const depth = populateDepth(ctx.query.populate);
    if (depth > maxDepth) {
      throw new errors.ValidationError(
        `populate is nested ${depth} levels deep; at most ${maxDepth} are allowed (API_POPULATE_MAX_DEPTH)`,
        { limit: 'populate-depth', max: maxDepth, requested: depth },
      );
    }
    const pageSize = requestedPageSize(ctx.query);
    if (pageSize !== null && pageSize > maxPageSize) {
      throw new errors.ValidationError(
        `a page of ${pageSize === Infinity ? 'every entry' : pageSize} was asked for; at most ${maxPageSize} entries per page are allowed (api.rest.maxLimit)`,
        { limit: 'page-size', max: maxPageSize, requested: pageSize === Infinity ? -1 : pageSize },
      );
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();

    // Writes are never cut short (the answer would say "failed" while the write goes on).
    const started = Date.now();
    let timer;
    const timedOut = new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs, 'timeout');
    });
    // Settles either way, so a handler failing after the timeout is never an unhandled rejection.
    const work = next().then(
      () => 'done',
      (error) => ({ error }),
    );
    let outcome;
    try {
      outcome = await Promise.race([work, timedOut]);
    } finally {
      clearTimeout(timer);
    }
    if (outcome && outcome.error) throw outcome.error;
    // better-sqlite3 runs queries synchronously, so the timer may only get its turn once the
    // handler has finished: the limit then still holds for the answer (never serialised nor sent).
    if (outcome === 'timeout' || Date.now() - started > timeoutMs) {
      throw new errors.ValidationError(
        `the request took longer than ${timeoutMs} ms (API_REQUEST_TIMEOUT_MS); ask for fewer entries or relations`,
        { limit: 'request-timeout', max: timeoutMs },
      );
    }

    if (ctx.body && typeof ctx.body === 'object' && !Buffer.isBuffer(ctx.body) && typeof ctx.body.pipe !== 'function') {
      if (ctx.state.cappedRelations && ctx.status < 300) {
        const counts = countNestedEntries(ctx.body.data, ctx.state.cappedRelations);
        for (const [relation, { total, largest }] of Object.entries(counts)) {
          if (largest > maxPageSize) {
            throw new errors.ValidationError(
              `the populated relation "${relation}" holds ${largest} entries for one parent; at most ${maxPageSize} are allowed (api.rest.maxLimit); page through that collection with filters`,
              { limit: 'nested-page-size', max: maxPageSize, relation },
            );
          }
          if (total > nestedTotal) {
            throw new errors.ValidationError(
              `the populated relation "${relation}" holds more than ${nestedTotal} entries in this answer; at most ${nestedTotal} are allowed (API_NESTED_MAX_TOTAL); ask for fewer parents, or page through that collection with filters`,
              { limit: 'nested-total', max: nestedTotal, relation },
            );
          }
        }
      }
      const json = JSON.stringify(ctx.body);
      const bytes = Buffer.byteLength(json);
      if (bytes > maxBytes) {
        throw new errors.ValidationError(
          `the response would be ${bytes} bytes; at most ${maxBytes} are allowed (API_RESPONSE_MAX_BYTES); ask for fewer entries, fields or relations`,
          { limit: 'response-size', max: maxBytes, requested: bytes },
        );
      }
      // Serialised once here; koa sends the string as it is.
      ctx.body = json;
      ctx.type = 'application/json';
    }
    return undefined;
  };
};
