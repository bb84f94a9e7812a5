import { parseTypedNumber, persianFigure, readTypedNumber, type NumberRule } from './typed-number.cjs';
import { inquiryWeight, lineQuantityRule, readLineQuantity } from '../price/quantity-limits.cjs';
import { formatNumber } from '../format/format';

/** What a person may type, and what the site reads from it: a number, or why it reads none. */
const SPELLINGS: ReadonlyArray<[typed: unknown, read: number | string]> = [
  // Each digit set, alone and mixed
  ['12', 12],
  ['۱۲', 12],
  ['١٢', 12],
  ['۱2', 12],
  ['٠٧', 7],
  ['0', 0],
  ['۰۰۱۲', 12],
  // Decimals: «٫» and «.», in every digit set
  ['1.5', 1.5],
  ['۱٫۵', 1.5],
  ['١٫٥', 1.5],
  ['۱.۵', 1.5],
  ['1٫25', 1.25],
  ['٫۵', 0.5],
  ['.5', 0.5],
  // Thousands: «٬» and «,», every group three digits
  ['1,500', 1500],
  ['۱٬۵۰۰', 1500],
  ['١٬٥٠٠', 1500],
  ['12,345,678', 12345678],
  ['۱٬۲۳۴٬۵۶۷٫۲۵', 1234567.25],
  ['1,234.5', 1234.5],
  // Separators that could mean something else: refused, never guessed
  ['1,5', 'grouping'],
  ['۱٬۵', 'grouping'],
  ['12,34', 'grouping'],
  ['1,5000', 'grouping'],
  ['12,345,6', 'grouping'],
  ['1.234,5', 'notNumber'],
  ['1,,000', 'notNumber'],
  [',500', 'notNumber'],
  ['1.2.3', 'notNumber'],
  ['12.', 'notNumber'],
  // What JavaScript's Number() would read and a person never means
  ['1e3', 'exponent'],
  ['1E9', 'exponent'],
  ['۱e۹', 'exponent'],
  ['2.5e-4', 'exponent'],
  ['0x10', 'notNumber'],
  ['0b101', 'notNumber'],
  ['Infinity', 'notNumber'],
  ['NaN', 'notNumber'],
  ['+5', 'notNumber'],
  ['۱۲ تن', 'spaces'],
  ['12kg', 'notNumber'],
  ['١/٥', 'notNumber'],
  // Spaces, inside or around, of any kind
  [' 7 ', 'spaces'],
  ['7 ', 'spaces'],
  ['1 500', 'spaces'],
  ['۱\u00a0۵۰۰', 'spaces'],
  ['۱\u200c۲', 'spaces'],
  // Empty
  ['', 'empty'],
  ['   ', 'empty'],
  [null, 'empty'],
  [undefined, 'empty'],
  // Negative: read, so that the message can say «more than zero»
  ['-3', -3],
  ['−۳', -3],
  ['-0', 0],
  ['-', 'notNumber'],
  // Too large is read too (the field's rule refuses it)
  ['1000000000', 1e9],
  ['۱٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰', 1e12],
  // A JSON number from an API client is taken as it is; anything else is not a number
  [7, 7],
  [1.5, 1.5],
  [Number.NaN, 'notNumber'],
  [Number.POSITIVE_INFINITY, 'notNumber'],
  [true, 'notNumber'],
  [{ value: 7 }, 'notNumber'],
  [['7'], 'notNumber'],
];

describe('parseTypedNumber', () => {
  it('has a table of at least forty spellings', () => expect(SPELLINGS.length).toBeGreaterThanOrEqual(40));

  it.each(SPELLINGS)('%j reads as %j', (typed, read) => {
    expect(parseTypedNumber(typed)).toEqual(typeof read === 'number' ? { value: read } : { problem: read });
  });
});

describe('readTypedNumber', () => {
  const quantity: NumberRule = { label: 'مقدار', unit: 'تن', aboveZero: true, max: 5000, decimals: 3 };

  it('answers each problem in Persian, naming the field', () => {
    const error = (typed: unknown, rule: NumberRule = quantity) => readTypedNumber(typed, rule).error;
    expect(error('')).toBe('مقدار را وارد کنید.');
    expect(error(' 7 ')).toBe('مقدار را بدون فاصله بنویسید.');
    expect(error('1e9')).toBe('مقدار را با همهٔ رقم‌هایش بنویسید؛ نماد علمی (e) پذیرفته نیست.');
    expect(error('0x10')).toBe('مقدار را با عدد بنویسید: فقط رقم، «٫» یا «.» برای اعشار و «٬» یا «,» میان هر سه رقم.');
    expect(error('1,5')).toBe('در مقدار، «٬» یا «,» فقط میان هر سه رقم می‌آید؛ برای اعشار «٫» یا «.» بزنید.');
    expect(error('0')).toBe('مقدار باید بیشتر از صفر باشد.');
    expect(error('-3')).toBe('مقدار باید بیشتر از صفر باشد.');
    expect(error('۵۰۰۱')).toBe('مقدار حداکثر ۵٬۰۰۰ تن است.');
    expect(error('1.2345')).toBe('مقدار حداکثر ۳ رقم اعشار دارد.');
    expect(error('2.5', { label: 'مدت', unit: 'روز', min: 1, max: 365, decimals: 0 })).toBe(
      'مدت را بدون اعشار وارد کنید.',
    );
    expect(error('0', { label: 'مدت', unit: 'روز', min: 1, max: 365, decimals: 0 })).toBe('مدت دست‌کم ۱ روز است.');
  });

  it('reads what is within the rule, and an empty optional field as nothing', () => {
    expect(readTypedNumber('۱٬۲۵۰٫۵', quantity)).toEqual({ value: 1250.5 });
    expect(readTypedNumber('', { ...quantity, optional: true })).toEqual({ value: undefined });
    expect(readTypedNumber('5000', quantity)).toEqual({ value: 5000 });
  });

  it('writes figures as the site does', () => {
    for (const value of [0, 7, 1250.5, 5_000_000, 0.125, 1e13]) expect(persianFigure(value)).toBe(formatNumber(value));
  });
});

describe('the limits of an inquiry line, in the sale unit with the weight', () => {
  const branch = { unit: 'kg', sale_unit: 'branch', attributes: { weight_per_m_kg: 0.888, length_m: 12 } };
  const tonne = { unit: 'kg', sale_unit: 'tonne', attributes: {} };
  const coilOfUnstatedWeight = { unit: 'kg', sale_unit: 'coil', attributes: { coil_weight_kg: '≈ 2000 ⚠' } };

  it('caps a line at what 5,000 tonnes is in its sale unit, and says that weight', () => {
    expect(lineQuantityRule(branch)).toMatchObject({ unit: 'شاخه', max: 469_219, maxNote: ' (≈ ۵٬۰۰۰ تن)' });
    expect(readLineQuantity('1000000000', branch).error).toBe('مقدار حداکثر ۴۶۹٬۲۱۹ شاخه (≈ ۵٬۰۰۰ تن) است.');
    expect(readLineQuantity('5001', tonne).error).toBe('مقدار حداکثر ۵٬۰۰۰ تن است.');
    expect(readLineQuantity('۱۲', branch)).toEqual({ value: 12 });
  });

  it('counts what the basket already holds, and caps a product of unknown weight by its count', () => {
    expect(readLineQuantity('4990', tonne, { alreadyAsked: 20 }).error).toBe(
      'مقدار حداکثر ۴٬۹۸۰ تن (۲۰ تن در سبد هست) است.',
    );
    expect(lineQuantityRule(coilOfUnstatedWeight)).toMatchObject({ unit: 'کلاف', max: 100_000 });
  });

  it('weighs a whole inquiry and refuses past 20,000 tonnes', () => {
    expect(inquiryWeight([{ item: branch, quantity: 100 }])).toMatchObject({ complete: true, error: null });
    expect(inquiryWeight([{ item: coilOfUnstatedWeight, quantity: 1 }])).toMatchObject({ kg: 0, complete: false });
    expect(
      inquiryWeight([
        { item: tonne, quantity: 5000 },
        { item: tonne, quantity: 5000 },
        { item: tonne, quantity: 5000 },
        { item: tonne, quantity: 5000 },
        { item: branch, quantity: 1000 },
      ]).error,
    ).toBe('وزن کل یک استعلام حداکثر ۲۰٬۰۰۰ تن است؛ این اقلام ۲۰٬۰۱۰٫۷ تن است. آن را در چند استعلام بفرستید.');
  });
});
