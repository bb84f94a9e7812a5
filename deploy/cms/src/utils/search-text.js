'use strict';

const { latinDigits } = require('./digits');

/**
 * Persian-aware search text: ONE function turns both what is stored in each
 * searched entry's `search_text` and what a visitor types into the same form, so matching is a
 * plain substring test the database can answer:
 * - Arabic ي ى ك ة ە أ إ ٱ آ → Persian ی ی ک ه ه ا ا ا ا («ورق گالوانيزه» = «ورق گالوانیزه»; «تیراهن» = «تیرآهن»);
 * - Persian ۰-۹ and Arabic ٠-٩ digits → 0-9, the Arabic decimal separator ٫ → . («میلگرد ۱۲» = «میلگرد 12»);
 * - tashkeel and tatweel dropped; Latin lowercased; presentation forms folded (NFKC);
 * - zero-width non-joiner, every other separator and punctuation → one space (a `.` or `/`
 *   between two digits stays: «۶.۵», «۳/۴»). What remains is letters, digits and single spaces,
 *   so no SQL LIKE wildcard (% _) can reach a query;
 * - a number joined to a Persian word is two words («میلگرد12» = «میلگرد ۱۲»: buyers type sizes
 *   both ways); Latin grade codes stay whole («st37»).
 */
const LETTERS = {
  ي: 'ی',
  ى: 'ی',
  ئ: 'ی',
  ك: 'ک',
  ة: 'ه',
  ە: 'ه',
  أ: 'ا',
  إ: 'ا',
  ٱ: 'ا',
  آ: 'ا',
  ؤ: 'و',
  '٫': '.',
  '٬': ' ',
};
const LETTER_PATTERN = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

function normaliseSearchText(value) {
  if (value === null || value === undefined) return '';
  return (
    latinDigits(String(value).normalize('NFKC'))
      .replace(LETTER_PATTERN, (c) => LETTERS[c])
      // Tashkeel (fatha … sukun, superscript alef, Quranic marks), tatweel.
      .replace(/[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}./]+/gu, ' ')
      .replace(/(?<!\d)[./]|[./](?!\d)/g, ' ')
      .replace(/(\p{Script=Arabic})(?=\p{N})|(\p{N})(?=\p{Script=Arabic})/gu, '$1$2 ')
      .replace(/ +/g, ' ')
      .trim()
  );
}

/** The words of a query (each must match), at most `max` of them, duplicates dropped. */
function searchWords(query, max = 8) {
  const words = normaliseSearchText(query).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, max);
}

/**
 * The stored form: the normalised text, then the same without spaces, so a query that writes
 * «تیرآهن» finds «تیر آهن» and the other way round (spaces and joiners are interchangeable).
 */
function toSearchText(parts) {
  const text = normaliseSearchText(
    parts
      .flat(Infinity)
      .filter((part) => typeof part === 'string' || typeof part === 'number')
      .join(' '),
  );
  if (!text) return '';
  const joined = text.replace(/ /g, '');
  return joined === text ? text : `${text} ${joined}`;
}

module.exports = { normaliseSearchText, searchWords, toSearchText };
