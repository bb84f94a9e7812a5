'use strict';

// The calendar day in Tehran, as `YYYY-MM-DD` (en-CA writes dates so). The front end has its own
// (`todayInTehran` in @steel/shared); the CMS cannot import the apps' packages.
const tehranDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' });

const tehranDay = (at = new Date()) => tehranDate.format(at);

/** The moment the Tehran day holding `at` began (Iran keeps +03:30 all year since 2022). */
const startOfTehranDay = (at = new Date()) => new Date(`${tehranDay(at)}T00:00:00+03:30`);

module.exports = { tehranDay, startOfTehranDay };
