'use strict';

const { SEARCHED_TYPES } = require('../searched-types');
const { normaliseSearchText, searchWords } = require('../../../utils/search-text');

// The best `limit` of a group are picked from at most this many matches in the catalogue's order.
const CANDIDATES = 50;

/** Whole-word matches first, then word starts, then the title holding the whole query. */
function score(title, words, phrase) {
  const text = normaliseSearchText(title);
  const tokens = text.split(' ');
  let points = 0;
  for (const word of words) {
    if (tokens.includes(word)) points += 2;
    else if (tokens.some((token) => token.startsWith(word))) points += 1;
  }
  if (text.includes(phrase)) points += 3;
  return points;
}

/**
 * The site search: every word of the query must be in an entry's `search_text` (AND), each a
 * substring test (LIKE) the database answers; only published entries. Per group: the total and
 * the best `limit` entries. Five small queries on a catalogue of a few hundred rows each (plus a
 * count for a group with more than 50 matches, and the products' sub-categories).
 */
module.exports = ({ strapi }) => ({
  async search(query, { limit }) {
    const words = searchWords(query);
    const phrase = words.join(' ');
    if (!words.length)
      return { query: phrase, groups: SEARCHED_TYPES.map((type) => ({ type: type.group, total: 0, items: [] })) };
    const groups = await Promise.all(
      SEARCHED_TYPES.map(async (type) => {
        const where = {
          publishedAt: { $notNull: true },
          $and: words.map((word) => ({ search_text: { $contains: word } })),
        };
        // One row over the candidates says whether counting is needed at all (most queries: not).
        const found = await strapi.db.query(type.uid).findMany({
          where,
          select: type.select,
          populate: type.populate,
          orderBy: type.orderBy,
          limit: CANDIDATES + 1,
        });
        const total = found.length > CANDIDATES ? await strapi.db.query(type.uid).count({ where }) : found.length;
        const items = found
          .slice(0, CANDIDATES)
          .map((row, order) => ({ item: type.item(row), order }))
          .map((entry) => ({ ...entry, points: score(entry.item.title, words, phrase) }))
          .sort((a, b) => b.points - a.points || a.order - b.order)
          .slice(0, limit)
          .map((entry) => entry.item);
        return { type: type.group, total, items };
      }),
    );
    return { query: phrase, groups };
  },
});
