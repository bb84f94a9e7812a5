import { z } from 'zod';
import { toLatinDigits } from '@steel/shared';

export const REQUIRED_MESSAGE = 'این فیلد الزامی است';

/**
 * A typed number with Persian, Arabic-Indic or Latin digits, thousands separators and either
 * decimal mark → number (persian-ui.md §8); an empty field → undefined.
 */
export function typedNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = toLatinDigits(value).replace(/[٬,\s]/g, '').replace('٫', '.').trim();
  return text === '' ? undefined : Number(text);
}

/** A landline or mobile number with its area code: 11 digits starting with 0. */
export const contactPhone = z.preprocess(
  (value) => (typeof value === 'string' ? toLatinDigits(value).replace(/[\s-]/g, '') : value),
  z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).regex(/^0\d{10}$/, 'شماره تماس را با کد شهر یا به شکل ۰۹xxxxxxxxx وارد کنید'),
);
