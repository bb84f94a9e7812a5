'use strict';

const { loadDemoContent } = require('../domain');
const { createPublished } = require('./documents');
const { rng } = require('./random');
const { DAY, isoDate, todayUtc, jalali } = require('./dates');

/**
 * The exchange's illustrative offers, a trading day at a time: each trading day (Saturday–Wednesday)
 * of the last 30 days and the next 3 is a part of the seed of its own (`exchange-offers/<day>`), so
 * the offers follow the calendar as a feed would — a day new since the last start gets its offers
 * once — and an offer an editor deleted stays deleted. The exchange announces a session's offers
 * days ahead, so the next session always has its offers listed, on a Thursday or Friday too.
 * Today's and later ones are scheduled. Codes are derived from the date.
 */
const DAYS_AHEAD = 3;

/** The trading days (`YYYY-MM-DD`) whose offers the site lists today, oldest first. */
function exchangeTradingDays(today = todayUtc()) {
  const days = [];
  for (let back = 29; back >= -DAYS_AHEAD; back--) {
    const day = new Date(today.getTime() - back * DAY);
    const weekday = day.getUTCDay(); // 4 = Thursday, 5 = Friday: no physical-market sessions
    if (weekday !== 4 && weekday !== 5) days.push(isoDate(day));
  }
  return days;
}

/** The four offers of one trading day (`YYYY-MM-DD`), the same on every database. Returns what it wrote. */
async function seedExchangeOffersOf(strapi, dayText) {
  const pool = loadDemoContent().exchange_pool;
  const day = new Date(`${dayText}T00:00:00Z`);
  const traded = day.getTime() < todayUtc().getTime();
  const rand = rng(`ime:${dayText}`);
  const picks = [...pool.keys()].sort(() => rand() - 0.5).slice(0, 4);
  for (const [k, idx] of picks.entries()) {
    const code = `${dayText.replace(/-/g, '').slice(2)}${k + 1}`;
    const {
      commodity,
      group,
      producer,
      symbol,
      specification: spec,
      packaging,
      contract,
      base_price_rial_per_kg: basePrice,
    } = pool[idx];
    const base = Math.round((basePrice * (0.97 + rand() * 0.06)) / 10) * 10;
    const offered = Math.round(2000 + rand() * 40000);
    const delivery = new Date(day.getTime() + (contract === 'سلف' ? 60 : 10) * DAY);
    const demand = traded ? Math.round(offered * (0.4 + rand() * 1.2)) : null;
    const tradedVolume = traded ? Math.min(offered, demand) : null;
    const avg = traded ? Math.round((base * (1 + (demand > offered ? rand() * 0.08 : 0))) / 10) * 10 : null;
    await createPublished(strapi, 'api::exchange-offer.exchange-offer', {
      offer_code: code,
      offer_date: isoDate(day),
      offer_date_jalali: jalali(day),
      commodity,
      commodity_group: group,
      symbol,
      hall: 'تالار صنعتی',
      specification: spec,
      producer,
      supplier: producer,
      broker: ['باهنر', 'آگاه', 'مفید', 'بانک ملت'][Math.floor(rand() * 4)],
      packaging,
      offered_volume: offered,
      min_offer: Math.round(offered * 0.5),
      max_offer_increase: Math.round(offered * 0.2),
      base_price: base,
      min_price: base,
      max_price: Math.round(base * 1.1),
      tick_size: 10,
      lot_size: 20,
      min_purchase: 20,
      min_purchase_price_discovery: 20,
      max_purchase: Math.round(offered * 0.2),
      prepayment_percent: 10,
      contract_type: contract,
      settlement_type: 'نقدی',
      delivery_place: 'انبار کارخانه',
      delivery_date: isoDate(delivery),
      delivery_date_jalali: jalali(delivery),
      delivery_tolerance_percent: 5,
      offer_mode: 'عمده',
      purchase_method: 'عادی',
      currency: 'ریال',
      unit: 'تن',
      demand,
      traded_volume: tradedVolume,
      lowest_price: traded ? base : null,
      highest_price: traded ? Math.round((avg * 1.01) / 10) * 10 : null,
      closing_price: avg,
      weighted_average_price: avg,
      trade_value_thousand_rial: traded ? Math.round((tradedVolume * 1000 * avg) / 1000) : null,
      trade_status: !traded
        ? 'scheduled'
        : tradedVolume === 0
          ? 'no_trade'
          : tradedVolume < offered
            ? 'partly_traded'
            : 'traded',
      illustrative: true,
    });
  }
  return `+${picks.length} offers`;
}

module.exports = { exchangeTradingDays, seedExchangeOffersOf };
