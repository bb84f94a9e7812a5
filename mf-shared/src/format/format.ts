/** Persian (fa-IR) formatting of numbers, prices and dates (docs/architecture.md, "Look and language"). */

/**
 * A formatter made on first use, not when the module loads: the first Intl object a page makes
 * loads the ICU locale data (about 25 ms on a desktop, four times that on a phone), and a page
 * that shows no date should not pay for the date formatters while it starts.
 */
function lazily<T>(create: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= create());
}

const numberFormat = lazily(() => new Intl.NumberFormat('fa-IR'));
// An explicit time zone: a page rendered on a UTC server hydrates with the same date in the browser.
const dateFormat = lazily(() => new Intl.DateTimeFormat('fa-IR-u-ca-persian', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Tehran' }));
// Times are Tehran's wherever the page is rendered (style-by-example: one formatter, explicit zone).
const dateTimeFormat = lazily(
  () =>
    new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Asia/Tehran',
    }),
);

type NumberInput = number | bigint | string | null | undefined;

function toNumber(value: NumberInput): number | bigint | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'bigint') return value;
  const n = typeof value === 'string' ? Number(value) : value;
  return Number.isFinite(n) ? n : null;
}

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const PERSIAN_THOUSANDS_SEPARATOR = '\u066C';

/**
 * What `Intl.NumberFormat('fa-IR')` writes for a whole number ≥ 0 — Persian digits grouped by
 * three with «٬» — without Intl: prices, counts and weights in kg are whole numbers, and a price
 * board should not load the ICU data to hydrate. Fractions and negatives go to Intl (its rounding
 * and sign marks are its own).
 */
function formatWholeNumber(n: number | bigint): string | null {
  if (typeof n === 'number' ? !Number.isSafeInteger(n) || n < 0 : n < 0n) return null;
  const digits = String(n);
  let grouped = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) grouped += PERSIAN_THOUSANDS_SEPARATOR;
    grouped += PERSIAN_DIGITS[digits.charCodeAt(i) - 48];
  }
  return grouped;
}

function formatNumberValue(n: number | bigint): string {
  return formatWholeNumber(n) ?? numberFormat().format(n);
}

/** `1234567` → «۱٬۲۳۴٬۵۶۷». Empty string for null/undefined/NaN. */
export function formatNumber(value: NumberInput): string {
  const n = toNumber(value);
  return n === null ? '' : formatNumberValue(n);
}

/**
 * `1250000` → «۱٬۲۵۰٬۰۰۰ ریال». Only for the exchange's own figures (base and settlement prices,
 * a purchase request's ceiling), which the Iran Mercantile Exchange publishes in rial per
 * kilogram; every product price goes through `formatToman`.
 */
export function formatRial(rial: NumberInput): string {
  const text = formatNumber(rial);
  return text && `${text} ریال`;
}

/** Toman (the unit the site shows) from rial: ÷ 10, rounded (data/domain/persian-ui.md, "Numbers, dates, currency"). */
export function rialToToman(rial: number): number {
  return Math.round(rial / 10);
}

/**
 * THE price formatter: a price held in rial (as the CMS stores it) shown in toman (rial / 10,
 * rounded): `1250000` → «۱۲۵٬۰۰۰ تومان». Toman, because that is what Iranian steel merchants and
 * price boards quote and what buyers say; the catalogue showed toman while the panel showed rial,
 * so the same price jumped tenfold between screens. One unit on every screen.
 */
export function formatToman(rial: NumberInput): string {
  const n = toNumber(rial);
  if (n === null) return '';
  const toman = typeof n === 'bigint' ? n / 10n : rialToToman(n);
  return `${formatNumberValue(toman)} تومان`;
}

type DateInput = Date | string | number | null | undefined;

function formatDateWith(format: () => Intl.DateTimeFormat, date: DateInput): string {
  if (date === null || date === undefined || date === '') return '';
  const d = date instanceof Date ? date : new Date(date);
  return Number.isNaN(d.getTime()) ? '' : format().format(d);
}

/** A date in the Persian calendar: «۱ فروردین ۱۴۰۳». Empty string for an invalid date. */
export function formatPersianDate(date: DateInput): string {
  return formatDateWith(dateFormat, date);
}

const dayMonthFormat = lazily(() => new Intl.DateTimeFormat('fa-IR-u-ca-persian', { month: 'long', day: 'numeric', timeZone: 'Asia/Tehran' }));

/** Day and month in the Persian calendar, for a chart's time axis: «۲ آذر». Empty string for an invalid date. */
export function formatPersianDayMonth(date: DateInput): string {
  return formatDateWith(dayMonthFormat, date);
}

/** Date and time in Tehran: «۱ فروردین ۱۴۰۳، ۱۵:۳۰». Empty string for an invalid date. */
export function formatPersianDateTime(date: DateInput): string {
  return formatDateWith(dateTimeFormat, date);
}

/**
 * Persian (۰-۹) and Arabic-Indic (٠-٩) digits → Latin (0-9), everything else unchanged: what a
 * form does to a typed number before parsing or sending it (data/domain/persian-ui.md, "Numbers, dates, currency").
 */
export function toLatinDigits(value: string): string {
  return value
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

/** Latin (0-9) and Arabic-Indic (٠-٩) digits → Persian digits; everything else unchanged. */
export function toPersianDigits(value: string | number): string {
  return String(value)
    .replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)] ?? d)
    .replace(/[\u0660-\u0669]/g, (d) => PERSIAN_DIGITS[d.charCodeAt(0) - 0x0660] ?? d);
}

const isoDayInTehran = lazily(() => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Tehran' }));

/** Today's date in Tehran as `YYYY-MM-DD`, the form the CMS's date fields hold (an exchange day is Tehran's). */
export function todayInTehran(now: Date = new Date()): string {
  return isoDayInTehran().format(now);
}
