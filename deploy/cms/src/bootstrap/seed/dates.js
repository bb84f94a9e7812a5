'use strict';

const DAY = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a date (UTC), the form the CMS's date fields hold. */
const isoDate = (d) => d.toISOString().slice(0, 10);

/** Today at 00:00 UTC: seeded dates count whole days back from it. */
const todayUtc = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
};

/** The Jalali date `YYYY/MM/DD` (Latin digits), as the exchange writes its offer and delivery dates. */
const jalali = (d) => {
  const parts = new Intl.DateTimeFormat('en-US-u-ca-persian', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).formatToParts(d);
  const get = (t) => parts.find((p) => p.type === t).value;
  return `${get('year')}/${get('month')}/${get('day')}`;
};

module.exports = { DAY, isoDate, todayUtc, jalali };
