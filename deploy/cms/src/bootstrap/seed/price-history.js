'use strict';

const { rng } = require('./random');
const { DAY, isoDate, todayUtc } = require('./dates');

/**
 * 90 days of daily prices ending today at the product's price: a deterministic random walk
 * (seeded by the slug) of at most ±1.5 % a day, rounded to 100 rial. [{date:'YYYY-MM-DD', price}]
 */
function priceHistory(slug, price, end = todayUtc(), days = 90) {
  const rand = rng(`price:${slug}`);
  const out = [];
  let p = price;
  for (let i = 0; i < days; i++) {
    out.push({ date: isoDate(new Date(end.getTime() - i * DAY)), price: Math.max(100, Math.round(p / 100) * 100) });
    p = p / (1 + (rand() - 0.5) * 0.03);
  }
  out[0].price = price;
  return out.reverse();
}

module.exports = { priceHistory };
