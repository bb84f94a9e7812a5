'use strict';

const { latinDigits } = require('./digits');

/** Iranian mobile numbers are stored as 09xxxxxxxxx. */
const MOBILE = /^09\d{9}$/;

/**
 * A mobile number as customers type it — Persian, Arabic-Indic or Latin digits, spaces or dashes,
 * +98 / 0098 / 98 prefixes — in the stored form 09xxxxxxxxx; `null` when it is not one.
 */
function normaliseMobile(value) {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  let digits = latinDigits(value).replace(/[\s\-()\u200c\u200e\u200f]/g, '');
  if (digits.startsWith('+98')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('0098')) digits = `0${digits.slice(4)}`;
  else if (/^98\d{10}$/.test(digits)) digits = `0${digits.slice(2)}`;
  else if (/^9\d{9}$/.test(digits)) digits = `0${digits}`;
  return MOBILE.test(digits) ? digits : null;
}

/** True when `value` is a mobile number in any of the accepted spellings. */
const isMobile = (value) => normaliseMobile(value) !== null;

module.exports = { normaliseMobile, isMobile, MOBILE };
