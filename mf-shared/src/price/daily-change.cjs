'use strict';

/**
 * A product's change against the previous day, from its daily price history (docs/architecture.md,
 * "Look and language"): today's price against the history's day before, in rial and percent (to
 * two decimals); null when either is unknown or zero. The CMS's catalogue views compute it for
 * every listed product with this file, the product page and compare page for theirs: one figure,
 * whichever screen shows it.
 */
function dailyChange({ price_history: history, price }) {
  const days = Array.isArray(history) ? history : [];
  const previous = days.length >= 2 ? Number(days[days.length - 2].price) : null;
  const current = Number(price) || null;
  if (!previous || !current) return null;
  const delta = current - previous;
  return { previous, delta, percent: Math.round((delta / previous) * 10000) / 100 };
}

module.exports = { dailyChange };
