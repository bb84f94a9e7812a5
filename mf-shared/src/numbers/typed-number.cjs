'use strict';

/**
 * THE way to read a number a person typed (data/domain/persian-ui.md, "Numbers, dates, currency"),
 * used by every numeric field of every app and by the CMS, which refuses what the browser
 * refuses: one file, plain CommonJS, so the apps bundle it and the CMS requires it as it is.
 *
 * Read: Persian (۰-۹), Arabic-Indic (٠-٩) and Latin (0-9) digits, mixed as a keyboard may mix
 * them; «٫» or «.» before a fraction; «٬» or «,» between thousands where that is unambiguous —
 * every group after the first exactly three digits, before any fraction («۱٬۲۵۰» is 1250, «1,5» is
 * refused rather than read as 15 or 1.5); a leading minus, so that a negative figure is answered
 * «more than zero» rather than «not a number». Nothing else: no exponent («1e3»), no hexadecimal
 * («0x10»), no spaces (inside or around), no letters. A number that arrives as a JSON number (an
 * API client) is taken as it is and held to the same limits.
 */

const SPACE = /[\s\u00a0\u200b-\u200f\u2028\u2029\u202f\ufeff]/;
const MINUS = /^[-\u2212]/;
// After the digits are Latin: an integer part, plain or grouped by threes, and an optional fraction.
const PLAIN = /^(\d+)?(?:[.\u066b](\d+))?$/;
const GROUPED = /^(\d{1,3}(?:[,\u066c]\d{3})+)(?:[.\u066b](\d+))?$/;
// «1e3», «2.5E-4»: what JavaScript's Number() would read, and a person never means.
const EXPONENT = /^(?:\d+(?:[.\u066b]\d*)?|[.\u066b]\d+)[eE][-+]?\d+$/;

/** Persian (۰-۹) and Arabic-Indic (٠-٩) digits as Latin; everything else as it is. */
function latinDigits(text) {
  return text
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

/**
 * The number a text spells, or why it spells none: `{ value }`, or `{ problem }` with one of
 * `empty`, `spaces`, `exponent`, `grouping`, `notNumber`.
 */
function parseTypedNumber(input) {
  if (typeof input === 'number') return Number.isFinite(input) ? { value: input } : { problem: 'notNumber' };
  if (typeof input !== 'string') return { problem: input === undefined || input === null ? 'empty' : 'notNumber' };
  if (input === '') return { problem: 'empty' };
  if (SPACE.test(input)) return { problem: input.trim() === '' ? 'empty' : 'spaces' };
  let text = latinDigits(input);
  const negative = MINUS.test(text);
  if (negative) text = text.slice(1);
  if (EXPONENT.test(text)) return { problem: 'exponent' };
  const plain = PLAIN.exec(text);
  const grouped = plain ? null : GROUPED.exec(text);
  const match = plain ?? grouped;
  if (!match || (match[1] === undefined && match[2] === undefined)) {
    // Separators between digits, but not every three: «1,5», «12,34», «1٬2345».
    return {
      problem: /^[\d,\u066c]+(?:[.\u066b]\d+)?$/.test(text) && /\d[,\u066c]\d/.test(text) ? 'grouping' : 'notNumber',
    };
  }
  const whole = (match[1] ?? '0').replace(/[,\u066c]/g, '');
  const value = Number(`${whole}.${match[2] ?? '0'}`);
  return { value: negative && value !== 0 ? -value : value };
}

let numberFormat = null;
/** A figure as the site writes it (`Intl.NumberFormat('fa-IR')`, which the kit's formatNumber equals). */
function persianFigure(value) {
  numberFormat ??= new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 3 });
  return numberFormat.format(value);
}

const decimalPlaces = (value) => {
  const text = String(value);
  if (text.includes('e')) return text.includes('e-') ? Number(text.split('e-')[1]) : 0;
  return (text.split('.')[1] ?? '').length;
};

/**
 * A typed number held to a field's rule: `{ value }` (undefined for an empty optional field), or
 * `{ error, problem }` with a Persian sentence naming the field, for beside it or in an API's answer.
 *
 * rule: `label` (the field as a sentence names it: «مقدار»), `unit` (after figures: «تن»), `max`,
 * `min` (inclusive) or `aboveZero`, `decimals` (most decimal places; 0 a whole number; default 3),
 * `optional`, `maxNote` (said after the maximum: « (≈ ۲٬۰۰۰ تن)»).
 */
function readTypedNumber(input, rule) {
  const parsed = parseTypedNumber(input);
  const { label } = rule;
  const unit = rule.unit ? ` ${rule.unit}` : '';
  const refuse = (problem, error) => ({ problem, error });
  if ('problem' in parsed) {
    switch (parsed.problem) {
      case 'empty':
        return rule.optional ? { value: undefined } : refuse('empty', `${label} را وارد کنید.`);
      case 'spaces':
        return refuse('spaces', `${label} را بدون فاصله بنویسید.`);
      case 'exponent':
        return refuse('exponent', `${label} را با همهٔ رقم‌هایش بنویسید؛ نماد علمی (e) پذیرفته نیست.`);
      case 'grouping':
        return refuse('grouping', `در ${label}، «٬» یا «,» فقط میان هر سه رقم می‌آید؛ برای اعشار «٫» یا «.» بزنید.`);
      default:
        return refuse(
          'notNumber',
          `${label} را با عدد بنویسید: فقط رقم، «٫» یا «.» برای اعشار و «٬» یا «,» میان هر سه رقم.`,
        );
    }
  }
  const { value } = parsed;
  const decimals = rule.decimals ?? 3;
  if (rule.aboveZero && !(value > 0)) return refuse('belowMin', `${label} باید بیشتر از صفر باشد.`);
  if (rule.min !== undefined && value < rule.min)
    return refuse('belowMin', `${label} دست‌کم ${persianFigure(rule.min)}${unit} است.`);
  if (value > rule.max)
    return refuse('aboveMax', `${label} حداکثر ${persianFigure(rule.max)}${unit}${rule.maxNote ?? ''} است.`);
  if (decimalPlaces(value) > decimals)
    return refuse(
      'decimals',
      decimals === 0
        ? `${label} را بدون اعشار وارد کنید.`
        : `${label} حداکثر ${persianFigure(decimals)} رقم اعشار دارد.`,
    );
  return { value };
}

module.exports = { parseTypedNumber, readTypedNumber, persianFigure };
