'use strict';

const { SEARCHED_TYPES } = require('../api/search/searched-types');
const { toSearchText } = require('../utils/search-text');

/**
 * Keeps each searched entry's `search_text` (private, never in an answer) in step with its
 * fields, at the database layer, so every way a row is written counts: the seed, an editor's
 * REST or admin edit, a publish (which writes the published row from the draft's fields).
 * An update that names none of the source fields leaves it alone; one that names some reads the
 * others from the row first (the draft and the published row keep their own texts).
 */
function keepSearchTextFresh(strapi) {
  for (const type of SEARCHED_TYPES) {
    const touches = (data) => data && type.sources.some((field) => Object.prototype.hasOwnProperty.call(data, field));
    strapi.db.lifecycles.subscribe({
      models: [type.uid],
      beforeCreate(event) {
        event.params.data.search_text = toSearchText(type.text(event.params.data));
      },
      async beforeUpdate(event) {
        const { data, where } = event.params;
        if (!touches(data) || !where) return;
        const current = await strapi.db.query(type.uid).findOne({ where, select: type.sources });
        event.params.data.search_text = toSearchText(type.text({ ...current, ...data }));
      },
    });
  }
}

/**
 * Fills `search_text` where it is missing or out of date: rows written before the field existed
 * (a database seeded by an older version) or by a change of the normalisation. Runs at every start;
 * on an up-to-date database it reads the searched rows once and writes nothing.
 */
async function refreshSearchTexts(strapi) {
  let written = 0;
  for (const type of SEARCHED_TYPES) {
    const rows = await strapi.db.query(type.uid).findMany({ select: ['id', 'search_text', ...type.sources] });
    for (const row of rows) {
      const text = toSearchText(type.text(row));
      if (row.search_text === text) continue;
      // Only search_text in the data: the update hook above leaves it as given.
      await strapi.db.query(type.uid).update({ where: { id: row.id }, data: { search_text: text } });
      written += 1;
    }
  }
  if (written) strapi.log.info(`[search] search_text refreshed on ${written} rows`);
}

module.exports = { keepSearchTextFresh, refreshSearchTexts };
