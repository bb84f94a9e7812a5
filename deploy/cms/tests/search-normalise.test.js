'use strict';

// Unit tests of the search normalisation (no Strapi needed: `node --test tests/search-normalise.test.js`).
const test = require('node:test');
const assert = require('node:assert/strict');
const { normaliseSearchText, searchWords, toSearchText } = require('../src/utils/search-text');

test('Arabic ي and ك are the Persian ی and ک («ورق گالوانيزه» finds «ورق گالوانیزه»)', () => {
  assert.equal(normaliseSearchText('ورق گالوانيزه'), normaliseSearchText('ورق گالوانیزه'));
  assert.equal(normaliseSearchText('كلاف'), normaliseSearchText('کلاف'));
  assert.equal(normaliseSearchText('ي'), 'ی');
});

test('Persian and Arabic digits are Latin digits («میلگرد ۱۲» finds «میلگرد 12»)', () => {
  assert.equal(normaliseSearchText('میلگرد ۱۲'), 'میلگرد 12');
  assert.equal(normaliseSearchText('میلگرد ١٢'), 'میلگرد 12');
  assert.equal(normaliseSearchText('۰۱۲۳۴۵۶۷۸۹'), '0123456789');
  assert.equal(normaliseSearchText('٠١٢٣٤٥٦٧٨٩'), '0123456789');
});

test('a number joined to a word is two words, in any digit script («میلگرد12» finds «میلگرد ۱۲»)', () => {
  assert.equal(normaliseSearchText('میلگرد12'), 'میلگرد 12');
  assert.equal(normaliseSearchText('میلگرد۱۲'), 'میلگرد 12');
  assert.equal(normaliseSearchText('میلگرد١٢'), 'میلگرد 12');
  assert.equal(normaliseSearchText('12میلی'), '12 میلی');
  assert.deepEqual(searchWords('میلگرد۱۲'), searchWords('میلگرد ۱۲'));
  assert.equal(normaliseSearchText('میلگرد ۶٫۵'), 'میلگرد 6.5', 'a decimal stays one number');
});

test('zero-width non-joiner, runs of spaces and punctuation are one space', () => {
  assert.equal(normaliseSearchText('ورق\u200cگالوانیزه'), 'ورق گالوانیزه');
  assert.equal(normaliseSearchText('  ورق \t\n  گالوانیزه  '), 'ورق گالوانیزه');
  assert.equal(normaliseSearchText('قوطی ۴۰×۴۰'), 'قوطی 40 40');
  assert.equal(normaliseSearchText('50%_x'), '50 x', 'no LIKE wildcard survives');
});

test('decimals and fractions between digits stay; Latin is lowercased; tashkeel and tatweel go', () => {
  assert.equal(normaliseSearchText('میلگرد ۶٫۵'), 'میلگرد 6.5');
  assert.equal(normaliseSearchText('لوله ۳/۴ اینچ'), 'لوله 3/4 اینچ');
  assert.equal(normaliseSearchText('ST37 A3'), 'st37 a3');
  assert.equal(normaliseSearchText('فَوْلاد'), 'فولاد');
  assert.equal(normaliseSearchText('فـــولاد'), 'فولاد');
});

test('alef forms and teh marbuta fold (data/domain/persian-ui.md)', () => {
  assert.equal(normaliseSearchText('تیرآهن'), normaliseSearchText('تیراهن'));
  assert.equal(normaliseSearchText('إأٱ'), 'ااا');
  assert.equal(normaliseSearchText('ة'), 'ه');
});

test('a query is its distinct words; nothing searchable gives none', () => {
  assert.deepEqual(searchWords('میلگرد  ۱۲ میلگرد'), ['میلگرد', '12']);
  assert.deepEqual(searchWords(' \u200c ،؛ '), []);
  assert.equal(searchWords('a b c d e f g h i j').length, 8);
});

test('the stored text also holds itself without spaces: «تیرآهن» and «تیر آهن» find each other', () => {
  const stored = toSearchText(['تیر آهن', null, { not: 'text' }]);
  for (const word of searchWords('تیرآهن')) assert.ok(stored.includes(word));
  const joined = toSearchText(['تیرآهن ۱۴']);
  for (const word of searchWords('تیر\u200cآهن ۱۴')) assert.ok(joined.includes(word));
});
