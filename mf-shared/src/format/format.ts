/** Persian (fa-IR) formatting of numbers, prices and dates (docs/architecture.md, "Look and language"). */
import { toJalaali } from 'jalaali-js';

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
const dateFormat = lazily(
  () =>
    new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'Asia/Tehran',
    }),
);
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

// One collator for every Persian sort, made on first use: making it loads ICU's Persian collation
// data (over 100 ms of a phone's main thread), and `a.localeCompare(b, 'fa')` may make one per call.
// A sort on a page's start-up path is better done without it (the blog's tag filter).
const persianCollator = lazily(() => new Intl.Collator('fa'));

/** Compares two strings in Persian alphabetical order (for `Array.prototype.sort`). */
export function comparePersian(a: string, b: string): number {
  return persianCollator().compare(a, b);
}

type NumberInput = number | bigint | string | null | undefined;

function toNumber(value: NumberInput): number | bigint | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'bigint') return value;
  const n = typeof value === 'string' ? Number(value) : value;
  return Number.isFinite(n) ? n : null;
}

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
// The marks Intl fa-IR writes: «٬» between thousands, «٫» before a fraction, LRM and «−» for minus.
const THOUSANDS_SEPARATOR = '\u066C';
const DECIMAL_SEPARATOR = '\u066B';
const MINUS = '\u200E\u2212';

function persianDigits(latinDigits: string): string {
  let persian = '';
  for (let i = 0; i < latinDigits.length; i++) persian += PERSIAN_DIGITS[latinDigits.charCodeAt(i) - 48];
  return persian;
}

function groupThousands(latinDigits: string): string {
  let grouped = '';
  for (let i = 0; i < latinDigits.length; i++) {
    if (i > 0 && (latinDigits.length - i) % 3 === 0) grouped += THOUSANDS_SEPARATOR;
    grouped += PERSIAN_DIGITS[latinDigits.charCodeAt(i) - 48];
  }
  return grouped;
}

/** `"2.0625"` → `["2", "063"]`: at most three decimals, a half rounded away from zero, as Intl does. */
function roundToThousandths(decimal: string): [whole: string, fraction: string] {
  const [whole = '0', fraction = ''] = decimal.split('.');
  if (fraction.length <= 3) return [whole, fraction];
  let kept = BigInt(whole + fraction.slice(0, 3));
  if (fraction.charCodeAt(3) >= 53 /* '5' */) kept += 1n;
  const digits = kept.toString().padStart(4, '0');
  return [digits.slice(0, -3), digits.slice(-3)];
}

/**
 * Exactly what `Intl.NumberFormat('fa-IR')` writes (a test compares them over many numbers), but
 * without Intl: the first Intl object a page makes loads the ICU data, and a page of prices should
 * not pay that to hydrate. Intl rounds the number's shortest decimal form, as this does; numbers
 * past 10^15 or written with an exponent go to Intl itself.
 */
function formatPlainNumber(n: number | bigint): string | null {
  if (typeof n === 'bigint') return (n < 0n ? MINUS : '') + groupThousands(String(n < 0n ? -n : n));
  const decimal = String(Math.abs(n));
  if (Math.abs(n) >= 1e15 || decimal.includes('e')) return null;
  const [whole, fraction] = roundToThousandths(decimal);
  const shownFraction = fraction.replace(/0+$/, '');
  return (
    (n < 0 || Object.is(n, -0) ? MINUS : '') +
    groupThousands(whole) +
    (shownFraction ? DECIMAL_SEPARATOR + persianDigits(shownFraction) : '')
  );
}

function formatNumberValue(n: number | bigint): string {
  return formatPlainNumber(n) ?? numberFormat().format(n);
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

const PERSIAN_MONTHS = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
];
const TEHRAN_OFFSET_MS = 3.5 * 60 * 60 * 1000;
/** Iran has kept +03:30 all year since its last daylight-saving period ended (1401-06-31, 24:00). */
const TEHRAN_FIXED_OFFSET_SINCE = Date.UTC(2022, 8, 21, 19, 30);

interface TehranClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * A moment as Tehran's Persian calendar and wall clock, without Intl (the ICU data it loads costs a
 * phone ~100 ms). Moments from before Iran dropped daylight saving return null: Intl, which knows
 * the old rules, formats those.
 */
function tehranClock(date: Date): TehranClock | null {
  if (date.getTime() < TEHRAN_FIXED_OFFSET_SINCE) return null;
  const wall = new Date(date.getTime() + TEHRAN_OFFSET_MS);
  const { jy, jm, jd } = toJalaali(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate());
  return { year: jy, month: jm, day: jd, hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
}

const twoDigits = (n: number) => persianDigits(String(n).padStart(2, '0'));

/** Each writes what its Intl fa-IR-u-ca-persian formatter writes (a test compares them). */
const dayMonth = (clock: TehranClock) => `${persianDigits(String(clock.day))} ${PERSIAN_MONTHS[clock.month - 1]}`;
const dayMonthYear = (clock: TehranClock) => `${dayMonth(clock)} ${persianDigits(String(clock.year))}`;
const dayMonthYearTime = (clock: TehranClock) =>
  `${dayMonthYear(clock)} ساعت ${twoDigits(clock.hour)}:${twoDigits(clock.minute)}`;

function formatDateWith(
  write: (clock: TehranClock) => string,
  intl: () => Intl.DateTimeFormat,
  date: DateInput,
): string {
  if (date === null || date === undefined || date === '') return '';
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  const clock = tehranClock(d);
  return clock ? write(clock) : intl().format(d);
}

/** A date in the Persian calendar: «۱ فروردین ۱۴۰۳». Empty string for an invalid date. */
export function formatPersianDate(date: DateInput): string {
  return formatDateWith(dayMonthYear, dateFormat, date);
}

const dayMonthFormat = lazily(
  () => new Intl.DateTimeFormat('fa-IR-u-ca-persian', { month: 'long', day: 'numeric', timeZone: 'Asia/Tehran' }),
);

/** Day and month in the Persian calendar, for a chart's time axis: «۲ آذر». Empty string for an invalid date. */
export function formatPersianDayMonth(date: DateInput): string {
  return formatDateWith(dayMonth, dayMonthFormat, date);
}

/** Date and time in Tehran: «۱ فروردین ۱۴۰۳ ساعت ۱۵:۳۰». Empty string for an invalid date. */
export function formatPersianDateTime(date: DateInput): string {
  return formatDateWith(dayMonthYearTime, dateTimeFormat, date);
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

/** Today's date in Tehran as `YYYY-MM-DD`, the form the CMS's date fields hold (an exchange day is Tehran's). */
export function todayInTehran(now: Date = new Date()): string {
  if (now.getTime() < TEHRAN_FIXED_OFFSET_SINCE) return isoDayInTehran().format(now);
  return new Date(now.getTime() + TEHRAN_OFFSET_MS).toISOString().slice(0, 10);
}

const isoDayInTehran = lazily(
  () =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Tehran' }),
);
