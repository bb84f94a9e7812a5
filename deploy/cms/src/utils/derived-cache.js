'use strict';

/**
 * A memo for answers derived from published content (the catalogue views): kept until any of
 * the watched models changes, so a read after an edit is never stale and repeated reads cost
 * nothing. Bounded: the oldest answer goes first.
 */
const EVENTS = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'];

function createDerivedCache(strapi, models, maxEntries = 500) {
  const answers = new Map();
  const clear = () => answers.clear();
  strapi.db.lifecycles.subscribe({ models, ...Object.fromEntries(EVENTS.map((event) => [event, clear])) });
  return {
    async get(key, compute) {
      if (answers.has(key)) return answers.get(key);
      const answer = await compute();
      if (answers.size >= maxEntries) answers.delete(answers.keys().next().value);
      answers.set(key, answer);
      return answer;
    },
  };
}

module.exports = { createDerivedCache };
